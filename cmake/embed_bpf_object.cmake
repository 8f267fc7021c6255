# Writes the compiled XDP program OBJECT into a C++ source OUTPUT as SYMBOL (default
# kSignatureRedirectObject) and SYMBOL##Size, noting SOURCE (default turbo/rx/signature_redirect.bpf.c).
if(NOT SYMBOL)
  set(SYMBOL kSignatureRedirectObject)
endif()
if(NOT SOURCE)
  set(SOURCE turbo/rx/signature_redirect.bpf.c)
endif()
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
