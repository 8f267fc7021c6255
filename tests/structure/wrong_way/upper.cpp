int lowerAnswer();
int upperAnswer() { return lowerAnswer() + 1; }
