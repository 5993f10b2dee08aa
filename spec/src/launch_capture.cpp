#include <tessera/accelerator.hpp>
#include <tessera/detail/launch_capture.hpp>
#include <tessera/exceptions.hpp>

#include <string>

namespace tessera::detail {
namespace {
thread_local const launch_capture* active = nullptr;
}

const launch_capture* active_capture() noexcept { return active; }

capture_scope::capture_scope(const launch_capture& c) noexcept : previous_(active) { active = &c; }
capture_scope::~capture_scope() { active = previous_; }

void throw_array_on_other_device(const data_home& home, const char* launch_path) {
  const std::string placed = home.array_view_on() ? home.array_view_on()->device().path : std::string("another accelerator");
  const std::string here = launch_path != nullptr ? launch_path : "this accelerator";
  throw runtime_exception("parallel_for_each on \"" + here + "\" captured an array placed on \"" + placed +
                          "\": an array lives on the accelerator of its accelerator_view, and a launch may use only arrays "
                          "of its own accelerator (PFE-8, PFE-9); copy the array to one on \"" + here +
                          "\" first (copy(src, dest)), or launch on \"" + placed + "\"",
                          error_code::invalid_argument);
}

}  // namespace tessera::detail
