// placeholder until the built-in transitions land
