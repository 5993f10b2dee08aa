// A kernel in a private or protected member function: nvcc refuses it, so the function is made public
// where it is declared, and the access that followed it is restored.
#include <amp.h>
#include <vector>

using namespace concurrency;

class scaler {
 public:
  explicit scaler(int factor) : factor_(factor) {}
  void apply(array_view<int, 1> v) { run(v); twice(v); }

 protected:
  public: void twice(array_view<int, 1> v); protected:

 private:
  public: void run(array_view<int, 1> v) {
    const int f = factor_;
    parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] *= f; });
  } private:
  int factor_;
};

void scaler::twice(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=] restrict_amp (index<1> i) { v[i] *= 2; });
}

int main() {
  std::vector<int> data(16, 1);
  array_view<int, 1> v(16, data);
  scaler(3).apply(v);
  v.synchronize();
  return data[0] == 6 ? 0 : 1;
}
