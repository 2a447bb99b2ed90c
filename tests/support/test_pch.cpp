// The translation unit that builds the tests' precompiled header (tests/CMakeLists.txt,
// mdb_test_pch): the header is the point, this file has nothing of its own.
