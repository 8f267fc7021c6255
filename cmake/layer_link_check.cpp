// The main of a layer's link check (cmake/layers.cmake): the layer's whole library is linked
// with only what it declares, so every symbol it uses must come from a layer below it.
int main() { return 0; }
