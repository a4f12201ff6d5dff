// A handler built with XLA's own header-only FFI API (xla/ffi/api/ffi.h, shipped in Google's
// jaxlib wheels): proof that handlers users compile for jax.ffi run unchanged in our plugin.
#include <cstdint>
#include <string_view>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error AxpyImpl(int32_t device, float alpha, int64_t offset, std::string_view tag,
                           ffi::Span<const int64_t> weights, ffi::Dictionary extra, ffi::Buffer<ffi::F32> x,
                           ffi::ResultBuffer<ffi::F32> y) {
  if (tag != "axpy") return ffi::Error::InvalidArgument("tag must be 'axpy'");
  auto scale = extra.get<float>("scale");
  if (!scale.has_value()) return ffi::Error::InvalidArgument("extra.scale missing");
  int64_t sum = 0;
  for (int64_t w : weights) sum += w;
  const int64_t n = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < n; ++i)
    y->typed_data()[i] = alpha * x.typed_data()[i] * *scale + static_cast<float>(offset + sum + device);
  if (alpha < 0) return ffi::Error(ffi::ErrorCode::kOutOfRange, "alpha must be non-negative");
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(XlaApiAxpy, AxpyImpl,
                              ffi::Ffi::Bind()
                                  .Ctx<ffi::DeviceOrdinal>()
                                  .Attr<float>("alpha")
                                  .Attr<int64_t>("offset")
                                  .Attr<std::string_view>("tag")
                                  .Attr<ffi::Span<const int64_t>>("weights")
                                  .Attr<ffi::Dictionary>("extra")
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
