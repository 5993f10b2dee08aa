// A case source for the sanitizer judge's tests (read as text, never compiled): its markers are on
// lines 5 and 6.
void kernel_body() {
  int x = 0;
  x = 1;  // expect: read after write, write after read
  x = 2;  // expect: read after write, write after read
  (void)x;
}
