# Writes the compiled BPF program OBJECT into a C++ source OUTPUT as SYMBOL and SYMBOL##Size,
# noting SOURCE (run by staccato_embed_bpf, cmake/bpf.cmake).
file(READ "${OBJECT}" hex HEX)
string(LENGTH "${hex}" hexLength)
math(EXPR size "${hexLength} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}" "// Generated from ${SOURCE}; do not edit.\n"
  "namespace staccato::turbo {\n"
  "extern const unsigned char ${SYMBOL}[] = {\n${bytes}};\n"
  "extern const unsigned long ${SYMBOL}Size = ${size};\n"
  "}  // namespace staccato::turbo\n")
