// Asynchronous operations and queuing modes (ACC-8, ACC-9, ARR-9, AV-4, PROJ-17): completion_future's
// contract, copy_async in every direction copy takes, synchronize_async / synchronize_to_async,
// accelerator_view::create_marker, and queuing_mode's C++ AMP spellings.
#include <tessera/amp.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {
using namespace tessera;
using tessera::index;
using namespace std::chrono_literals;

// A future the test completes itself, to see what happens before and after completion.
struct pending_operation {
  std::shared_ptr<detail::completion_state> state = std::make_shared<detail::completion_state>();
  completion_future future = detail::make_completion_future(state);
};

// ACC-8: the C++ AMP enumerator names are the scoped enum's values; create_view takes either mode; the
// default view stays automatic.
TEST(QueuingMode, CxxAmpSpellingsNameTheModesAndCreateViewTakesThem) {
  static_assert(queuing_mode_immediate == queuing_mode::immediate && queuing_mode_automatic == queuing_mode::automatic);
  static_assert(queuing_mode_immediate != queuing_mode_automatic);
  static_assert(queuing_mode::queuing_mode_immediate == queuing_mode_immediate &&
                queuing_mode::queuing_mode_automatic == queuing_mode_automatic);
  const accelerator emu("emulator");
  EXPECT_EQ(emu.create_view(queuing_mode_immediate).get_queuing_mode(), queuing_mode_immediate);
  EXPECT_EQ(emu.create_view(queuing_mode_automatic).get_queuing_mode(), queuing_mode_automatic);
  EXPECT_EQ(emu.create_view().get_queuing_mode(), queuing_mode_automatic);
  EXPECT_EQ(emu.get_default_view().get_queuing_mode(), queuing_mode_automatic);
  EXPECT_EQ(emu.get_default_view(), emu.get_default_view());  // still one default view
  // A kernel on an immediate view runs and is seen after wait(), as on any view.
  std::vector<int> out(16, 0);
  array_view<int, 1> v(16, out);
  const accelerator_view now = emu.create_view(queuing_mode_immediate);
  parallel_for_each(now, v.extent.tile<4>(), [=] restrict_amp (tiled_index<4> t) { v[t] = t.local[0] + 1; });
  now.flush();
  now.wait();
  v.synchronize();
  EXPECT_EQ(out, (std::vector<int>{1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4}));
}

// ACC-9: a default-constructed completion_future names no operation, and says so instead of blocking.
TEST(CompletionFuture, DefaultConstructedIsNotValidAndRefusesToWait) {
  const completion_future f;
  EXPECT_FALSE(f.valid());
  EXPECT_THROW(f.get(), runtime_exception);
  EXPECT_THROW(f.wait(), runtime_exception);
  EXPECT_THROW((void)f.wait_for(1ms), runtime_exception);
  EXPECT_THROW(f.then([] {}), runtime_exception);
  EXPECT_FALSE(static_cast<std::shared_future<void>>(f).valid());
}

// ACC-9: then() before completion runs once, when the operation completes, on the completing thread.
TEST(CompletionFuture, ThenBeforeCompletionRunsOnceWhenTheOperationCompletes) {
  pending_operation op;
  int runs = 0;
  op.future.then([&runs] { ++runs; });
  EXPECT_EQ(op.future.wait_for(0ms), std::future_status::timeout);
  EXPECT_EQ(runs, 0);
  op.state->complete();
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(op.future.wait_for(0ms), std::future_status::ready);
  op.future.get();
  EXPECT_EQ(runs, 1);
}

// ACC-9: then() after completion runs at once; each then() runs its own functor once.
TEST(CompletionFuture, ThenAfterCompletionRunsAtOnceAndEachFunctorOnce) {
  pending_operation op;
  int first = 0, second = 0;
  op.future.then([&first] { ++first; });
  op.state->complete();
  op.future.then([&second] { ++second; });
  EXPECT_EQ(first, 1);
  EXPECT_EQ(second, 1);
  const completion_future copy = op.future;  // copies share the operation
  copy.wait();
  EXPECT_EQ(first + second, 2);
}

// ACC-9: a failure is kept and thrown by get(), every time; then() still runs, after the failure.
TEST(CompletionFuture, FailureSurfacesAtGetAndThenStillRuns) {
  pending_operation op;
  bool ran = false;
  op.future.then([&ran] { ran = true; });
  op.state->complete(std::make_exception_ptr(accelerator_view_removed("device lost", 0)));
  EXPECT_TRUE(ran);
  op.future.wait();  // waiting does not throw
  EXPECT_THROW(op.future.get(), accelerator_view_removed);
  EXPECT_THROW(op.future.get(), accelerator_view_removed);
  EXPECT_THROW(static_cast<std::shared_future<void>>(op.future).get(), accelerator_view_removed);
}

// ACC-9: wait, wait_for and wait_until block until the operation completes on another thread.
TEST(CompletionFuture, WaitBlocksUntilAnotherThreadCompletesTheOperation) {
  pending_operation op;
  std::atomic<bool> then_ran{false};
  op.future.then([&then_ran] { then_ran = true; });
  EXPECT_EQ(op.future.wait_until(std::chrono::steady_clock::now() + 1ms), std::future_status::timeout);
  std::thread producer([state = op.state] {
    std::this_thread::sleep_for(20ms);
    state->complete();
  });
  op.future.wait();
  EXPECT_EQ(op.future.wait_for(0ms), std::future_status::ready);
  producer.join();
  EXPECT_TRUE(then_ran);
}

// ARR-9, PROJ-17: copy_async makes the copy copy() makes, in every direction, and returns a ready future.
TEST(CopyAsync, CopiesInEveryDirectionAndIsDoneWhenItReturns) {
  std::vector<int> src{1, 2, 3, 4, 5, 6}, host(6, 0), back(6, 0);
  array<int, 2> a(2, 3), b(2, 3);
  array_view<const int, 2> sv(2, 3, src);
  array_view<int, 2> hv(2, 3, host);
  std::vector<completion_future> done;
  done.push_back(copy_async(src.begin(), src.end(), a));  // iterators -> array
  done.push_back(copy_async(a, b));                       // array -> array
  done.push_back(copy_async(b, hv));                      // array -> view
  done.push_back(copy_async(sv, a));                      // const view -> array
  done.push_back(copy_async(hv, b));                      // view -> array
  done.push_back(copy_async(sv, hv));                     // const view -> view
  done.push_back(copy_async(a, back.begin()));            // array -> output iterator
  for (const auto& f : done) {
    ASSERT_TRUE(f.valid());
    EXPECT_EQ(f.wait_for(0ms), std::future_status::ready);
    f.get();
  }
  hv.synchronize();
  EXPECT_EQ(host, src);
  EXPECT_EQ(back, src);
  EXPECT_EQ(std::vector<int>(b), src);
  std::vector<int> more(6, 0);
  copy_async(src.begin(), hv).get();  // begin iterator alone -> view
  copy_async(hv, more.begin()).get();  // view -> output iterator
  EXPECT_EQ(more, src);
}

// ARR-10, PROJ-17: a copy that fails does not throw from copy_async; the future's get() throws it.
TEST(CopyAsync, ErrorsAreThrownByGetNotByCopyAsync) {
  array<int, 2> a(4, 4), b(4, 5);
  completion_future f;
  ASSERT_NO_THROW(f = copy_async(a, b));
  bool ran = false;
  f.then([&ran] { ran = true; });
  EXPECT_TRUE(ran);
  EXPECT_THROW(f.get(), runtime_exception);
  std::vector<int> few(3, 0);
  array<int, 1> c(8);
  completion_future g = copy_async(few.begin(), few.end(), c);
  EXPECT_THROW(g.get(), runtime_exception);
}

// AV-4, PROJ-17: synchronize_async brings a kernel's results home; synchronize_to_async does for a view.
TEST(SynchronizeAsync, BringsTheKernelsResultsHomeAndIsDoneWhenItReturns) {
  std::vector<int> out(32, 0);
  array_view<int, 1> v(32, out);
  parallel_for_each(v.extent.tile<8>(), [=] restrict_amp (tiled_index<8> t) { v[t] = t.global[0] * 3; });
  const completion_future f = v.synchronize_async();
  EXPECT_EQ(f.wait_for(0ms), std::future_status::ready);
  f.get();
  for (int k = 0; k < 32; ++k) EXPECT_EQ(out[k], k * 3);
  const accelerator emu("emulator");
  v.synchronize_to(emu.get_default_view());
  v.synchronize_to_async(accelerator(accelerator::cpu_accelerator).get_default_view(), access_type_read_write).get();
  array_view<const int, 1> cv = v;
  cv.synchronize_async(access_type_read).get();
  EXPECT_EQ(out[31], 93);
}

// ACC-8, PFE-6: a marker is ready once every launch submitted before it is done.
TEST(CreateMarker, IsReadyOnceTheWorkBeforeItIsDone) {
  std::vector<int> out(64, 0);
  array_view<int, 1> v(64, out);
  const accelerator_view view = accelerator("emulator").create_view(queuing_mode_automatic);
  parallel_for_each(view, v.extent.tile<16>(), [=] restrict_amp (tiled_index<16> t) { v[t] = 5; });
  const completion_future marker = view.create_marker();
  ASSERT_TRUE(marker.valid());
  EXPECT_EQ(marker.wait_for(0ms), std::future_status::ready);
  bool ran = false;
  marker.then([&ran] { ran = true; });
  EXPECT_TRUE(ran);
  marker.get();
  v.synchronize();
  EXPECT_EQ(out, std::vector<int>(64, 5));
}

}  // namespace
