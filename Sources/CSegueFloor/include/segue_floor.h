int segue_floor_placeholder(void);
