# Layers the build enforces (docs/architecture.md#layers). Every folder that is a layer is one
# target, linked only to the layers below it:
#   staccato_layer(TARGET FOLDERS dir... [HEADERS prefix...])
# records which source folders (and generated header prefixes) the target owns, and, for a
# library, adds a link check: an executable that links the whole library with nothing but what
# the library itself declares, so a call into a layer above (or beside) fails to link.
# staccato_write_layer_graph() writes the graph (owner folders and direct layer dependencies)
# that tests/structure/layer_includes.py checks every #include against: a header-only reach
# upward fails there. The graph has one home: the target_link_libraries calls.
option(STACCATO_LAYER_CHECKS "Link every layer library on its own (a wrong-way call fails the build)" ON)
set(STACCATO_LAYERS_MAIN ${CMAKE_CURRENT_LIST_DIR}/layer_link_check.cpp)

function(staccato_layer target)
  cmake_parse_arguments(L "" "" "FOLDERS;HEADERS" ${ARGN})
  set_property(GLOBAL APPEND PROPERTY STACCATO_LAYERS ${target})
  set_property(TARGET ${target} PROPERTY STACCATO_LAYER_OWNS ${L_FOLDERS} ${L_HEADERS})
  get_target_property(type ${target} TYPE)
  if(STACCATO_LAYER_CHECKS AND type STREQUAL "STATIC_LIBRARY")
    add_executable(${target}_link_check ${STACCATO_LAYERS_MAIN})
    target_link_libraries(${target}_link_check PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${target}>")
  endif()
endfunction()

# A layer's direct dependencies that are layers, by target name (aliases resolved).
function(_staccato_layer_deps target out)
  get_target_property(direct ${target} LINK_LIBRARIES)
  get_target_property(iface ${target} INTERFACE_LINK_LIBRARIES)
  set(deps)
  foreach(item IN LISTS direct iface)
    string(REGEX REPLACE "^\\$<LINK_LIBRARY:[A-Z_]+,(.*)>$" "\\1" item "${item}")
    if(NOT item OR NOT TARGET ${item})
      continue()
    endif()
    get_target_property(aliased ${item} ALIASED_TARGET)
    if(aliased)
      set(item ${aliased})
    endif()
    get_target_property(owns ${item} STACCATO_LAYER_OWNS)
    if(owns)
      list(APPEND deps ${item})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES deps)
  set(${out} ${deps} PARENT_SCOPE)
endfunction()

# One line per layer: TARGET <tab> owned folders and header prefixes <tab> direct layer deps.
function(staccato_write_layer_graph file)
  get_property(layers GLOBAL PROPERTY STACCATO_LAYERS)
  set(content "")
  foreach(t IN LISTS layers)
    get_target_property(owns ${t} STACCATO_LAYER_OWNS)
    _staccato_layer_deps(${t} deps)
    list(JOIN owns " " owns)
    list(JOIN deps " " deps)
    string(APPEND content "${t}\t${owns}\t${deps}\n")
  endforeach()
  file(WRITE ${file} "${content}")
endfunction()
