int upperAnswer();  // what "#include "upper/upper.h"" would declare
int lowerAnswer() {
#ifdef WRONG_WAY
  return upperAnswer();
#else
  return 42;
#endif
}
