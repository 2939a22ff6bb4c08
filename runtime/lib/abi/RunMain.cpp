// RunMain.cpp: being written.
