// Call.cpp: being written.
