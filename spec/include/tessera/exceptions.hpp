// The model's exceptions (ERR-2..ERR-6). Every error Tessera throws derives from runtime_exception, so
// `catch (const tessera::runtime_exception&)` catches them all; what() names the problem and the fix.
#pragma once

#include <exception>
#include <string>
#include <utility>

namespace tessera {

// HRESULT-style codes carried by get_error_code(), as in C++ AMP.
enum class error_code : unsigned int {
  fail = 0x80004005u,              // E_FAIL
  out_of_memory = 0x8007000Eu,     // E_OUTOFMEMORY
  invalid_argument = 0x80070057u,  // E_INVALIDARG
  not_implemented = 0x80004001u,   // E_NOTIMPL
  device_removed = 0x887A0005u,    // DXGI_ERROR_DEVICE_REMOVED
};

class runtime_exception : public std::exception {
 public:
  explicit runtime_exception(std::string message, error_code code = error_code::fail)
      : message_(std::move(message)), code_(code) {}
  const char* what() const noexcept override { return message_.c_str(); }
  unsigned int get_error_code() const noexcept { return static_cast<unsigned int>(code_); }

 protected:
  std::string message_;
  error_code code_;
};

// An OS or device allocation failed (ERR-3).
class out_of_memory : public runtime_exception {
 public:
  explicit out_of_memory(std::string message) : runtime_exception(std::move(message), error_code::out_of_memory) {}
};

// The launch's domain cannot be dispatched: not divisible by the tile, over a limit, empty or negative
// (PFE-3, PFE-4, PFE-12, ERR-4).
class invalid_compute_domain : public runtime_exception {
 public:
  explicit invalid_compute_domain(std::string message)
      : runtime_exception(std::move(message), error_code::invalid_argument) {}
};

// A feature the target lacks: a launch on the cpu accelerator, a barrier called from host code (ERR-5).
class unsupported_feature : public runtime_exception {
 public:
  explicit unsupported_feature(std::string message)
      : runtime_exception(std::move(message), error_code::not_implemented) {}
};

// The device behind a view was lost; work and data on it may be gone (ERR-6).
class accelerator_view_removed : public runtime_exception {
 public:
  explicit accelerator_view_removed(std::string message, unsigned int reason = 0)
      : runtime_exception(std::move(message), error_code::device_removed), reason_(reason) {}
  unsigned int get_view_removed_reason() const noexcept { return reason_; }

 private:
  unsigned int reason_;
};

}  // namespace tessera
