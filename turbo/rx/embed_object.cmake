# Writes the compiled XDP program OBJECT into a C++ source OUTPUT as kSignatureRedirectObject.
file(READ "${OBJECT}" hex HEX)
string(LENGTH "${hex}" hexLength)
math(EXPR size "${hexLength} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}" "// Generated from turbo/rx/signature_redirect.bpf.c; do not edit.\n"
  "namespace staccato::turbo {\n"
  "extern const unsigned char kSignatureRedirectObject[] = {\n${bytes}};\n"
  "extern const unsigned long kSignatureRedirectObjectSize = ${size};\n"
  "}  // namespace staccato::turbo\n")
