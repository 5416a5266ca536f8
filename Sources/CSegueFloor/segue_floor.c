#include "segue_floor.h"
int segue_floor_placeholder(void){return 0;}
