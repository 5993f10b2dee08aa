// Kernel lambdas inside macros this file defines but does not expand (a header of launch helpers ported
// on its own): edited in the definitions, from their tokens.
#include <amp.h>

#define RUN_ONE(av, result, expr) [&]() mutable { \
    concurrency::array_view<int, 1> run_one_out(1, &(result)); \
    run_one_out.discard_data(); \
    concurrency::parallel_for_each(av, run_one_out.get_extent(), [=] restrict_amp (concurrency::index<1> run_one_i) { \
        run_one_out[run_one_i] = (expr); \
    }); \
    run_one_out.synchronize(); \
    return result; \
}()

// A helper that runs an expression on the CPU and in a kernel: nvcc refuses [&] in a device lambda.
#define ON_CPU_AND_GPU(run, expr) run([=] restrict_amp () { return (expr); })

#define FILL_KERNEL(view, value) [=] restrict_amp (concurrency::index<1> i) mutable { view[i] = (value); }

// Not a lambda: stays as it is.
#define HOST_ONLY restrict(cpu)

int main() { return 0; }
