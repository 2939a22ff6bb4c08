// CommandLine.cpp: being written.
