// DLPack.cpp: being written.
