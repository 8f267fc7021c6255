# BPF programs: compiled with clang for BPF (ISA v3: 32-bit subregisters, so bounds checks on
# 32-bit values hold for the verifier) and embedded in a library as a byte array.
#   staccato_embed_bpf(OUT_VAR SOURCE file.bpf.c SYMBOL kName [DEPENDS header...])
# appends the generated .cpp (defining staccato::turbo::kName and kNameSize) to OUT_VAR.
execute_process(COMMAND ${CMAKE_C_COMPILER} -dumpmachine OUTPUT_VARIABLE STACCATO_TRIPLET OUTPUT_STRIP_TRAILING_WHITESPACE)
set(STACCATO_EMBED_BPF_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_bpf_object.cmake)

function(staccato_embed_bpf out)
  cmake_parse_arguments(B "" "SOURCE;SYMBOL" "DEPENDS" ${ARGN})
  get_filename_component(name ${B_SOURCE} NAME_WE)
  set(source ${CMAKE_CURRENT_SOURCE_DIR}/${B_SOURCE})
  list(TRANSFORM B_DEPENDS PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/)
  set(object ${CMAKE_CURRENT_BINARY_DIR}/${name}.bpf.o)
  set(embedded ${CMAKE_CURRENT_BINARY_DIR}/${name}_object.cpp)
  file(RELATIVE_PATH shown ${PROJECT_SOURCE_DIR} ${source})
  add_custom_command(
    OUTPUT ${object}
    COMMAND ${STACCATO_CLANG} -O2 -g -target bpf -mcpu=v3 -I/usr/include/${STACCATO_TRIPLET} -I${PROJECT_SOURCE_DIR}
            -c ${source} -o ${object}
    DEPENDS ${source} ${PROJECT_SOURCE_DIR}/turbo/bpf/signature_wire.h ${B_DEPENDS}
    COMMENT "Compiling the BPF program ${shown}")
  add_custom_command(
    OUTPUT ${embedded}
    COMMAND ${CMAKE_COMMAND} -DOBJECT=${object} -DOUTPUT=${embedded} -DSYMBOL=${B_SYMBOL} -DSOURCE=${shown}
            -P ${STACCATO_EMBED_BPF_SCRIPT}
    DEPENDS ${object} ${STACCATO_EMBED_BPF_SCRIPT})
  set(${out} ${${out}} ${embedded} PARENT_SCOPE)
endfunction()
