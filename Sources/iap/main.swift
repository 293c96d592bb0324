import IAPCLI

// Everything lives in the libraries so that tests can drive whole commands in process;
// this file only hands the real process to them.
CLI.main()
