// A case source for the sanitizer judge's tests (read as text, never compiled): the case is declared on
// line 3, its markers are on lines 5 and 6.
TESSERA_CASE(planted_race, "MEM-6", expect::hazard("read after write")) {
  int x = 0;
  x = 1;  // expect: read after write, write after read
  x = 2;  // expect: read after write, write after read
  (void)x;
}
