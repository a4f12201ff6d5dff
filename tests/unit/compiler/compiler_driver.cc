// Test driver: compiles a StableHLO .mlir file with CompileForCpu, runs it on .npy inputs
// through plugin::Executable::Execute and writes each result as .npy. Test-only; no Python.
//
//   compiler_driver [--out DIR] [--repeat N] program.mlir [input0.npy ...]
//
// Exit codes: 0 ok, 2 compile error (message on stderr), 3 execute error, 1 usage/IO error.
// Inputs whose byte size matches the parameter are accepted regardless of numpy dtype (so bf16
// travels as uint16); outputs of bf16 are written as uint16.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "backends/cpu/executor/program/cpu_buffer.h"
#include "backends/cpu/executor/program/cpu_compile.h"

using jaxlib::ElementType;

namespace {

struct Npy {
  std::string descr;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;
};

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::stringstream ss;
  ss << f.rdbuf();
  *out = ss.str();
  return true;
}

bool ParseNpy(const std::string& bytes, Npy* npy, std::string* err) {
  if (bytes.size() < 10 || std::memcmp(bytes.data(), "\x93NUMPY", 6) != 0) {
    *err = "not an npy file";
    return false;
  }
  int major = static_cast<unsigned char>(bytes[6]);
  size_t header_len, pos;
  if (major == 1) {
    header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    pos = 10;
  } else {
    header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8) |
                 (static_cast<size_t>(static_cast<unsigned char>(bytes[10])) << 16) |
                 (static_cast<size_t>(static_cast<unsigned char>(bytes[11])) << 24);
    pos = 12;
  }
  std::string header = bytes.substr(pos, header_len);
  auto d = header.find("'descr':");
  auto q1 = header.find('\'', d + 8);
  auto q2 = header.find('\'', q1 + 1);
  npy->descr = header.substr(q1 + 1, q2 - q1 - 1);
  if (header.find("'fortran_order': True") != std::string::npos) {
    *err = "fortran order not supported";
    return false;
  }
  auto s = header.find("'shape':");
  auto p1 = header.find('(', s);
  auto p2 = header.find(')', p1);
  std::string dims = header.substr(p1 + 1, p2 - p1 - 1);
  std::stringstream ds(dims);
  std::string tok;
  while (std::getline(ds, tok, ',')) {
    if (tok.find_first_not_of(" ") == std::string::npos) continue;
    npy->shape.push_back(std::stoll(tok));
  }
  npy->data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(pos + header_len), bytes.end());
  return true;
}

std::string Descr(ElementType t) {
  switch (t) {
    case ElementType::kPred: return "|b1";
    case ElementType::kS8: return "|i1";
    case ElementType::kS16: return "<i2";
    case ElementType::kS32: return "<i4";
    case ElementType::kS64: return "<i8";
    case ElementType::kU8: return "|u1";
    case ElementType::kU16: return "<u2";
    case ElementType::kU32: return "<u4";
    case ElementType::kU64: return "<u8";
    case ElementType::kF16: return "<f2";
    case ElementType::kBF16: return "<u2";
    case ElementType::kF32: return "<f4";
    case ElementType::kF64: return "<f8";
    case ElementType::kC64: return "<c8";
    case ElementType::kC128: return "<c16";
    default: return "|u1";
  }
}

bool WriteNpy(const std::string& path, ElementType t, const std::vector<int64_t>& dims, const void* data, size_t bytes) {
  std::string shape = "(";
  for (size_t k = 0; k < dims.size(); ++k) shape += std::to_string(dims[k]) + (dims.size() == 1 ? "," : k + 1 < dims.size() ? ", " : "");
  shape += ")";
  std::string header = "{'descr': '" + Descr(t) + "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  size_t pad = (64 - total % 64) % 64;
  header += std::string(pad, ' ') + "\n";
  std::ofstream f(path, std::ios::binary);
  if (!f) return false;
  f.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = static_cast<uint16_t>(header.size());
  f.put(static_cast<char>(len & 0xff));
  f.put(static_cast<char>(len >> 8));
  f.write(header.data(), static_cast<std::streamsize>(header.size()));
  f.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
  return static_cast<bool>(f);
}

}  // namespace

int main(int argc, char** argv) {
  std::string out_dir;
  int repeat = 1;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--out" && i + 1 < argc) out_dir = argv[++i];
    else if (a == "--repeat" && i + 1 < argc) repeat = std::atoi(argv[++i]);
    else files.push_back(a);
  }
  if (files.empty()) {
    std::cerr << "usage: compiler_driver [--out DIR] [--repeat N] program.mlir [inputs.npy...]\n";
    return 1;
  }
  std::string text;
  if (!ReadFile(files[0], &text)) {
    std::cerr << "cannot read " << files[0] << "\n";
    return 1;
  }
  jaxlib::plugin::CompileOptions options;
  auto t0 = std::chrono::steady_clock::now();
  // LAPACK comes from $JAXLIB_CPU_LAPACK_LIBRARY (run_corpus_with_driver.py sets it).
  jaxlib::cpu::CpuExecutorConfig config;
  config.num_devices = 1;
  auto exe = jaxlib::cpu::CompileForCpu(text, options, config);
  auto t1 = std::chrono::steady_clock::now();
  if (!exe.ok()) {
    std::cerr << exe.status().ToString() << "\n";
    return 2;
  }
  const auto& params = (*exe)->parameter_shapes();
  if (files.size() - 1 != params.size()) {
    std::cerr << "program takes " << params.size() << " inputs, got " << files.size() - 1 << "\n";
    return 1;
  }
  std::vector<std::shared_ptr<jaxlib::cpu::CpuBuffer>> bufs;
  std::vector<jaxlib::plugin::DeviceBuffer*> args;
  for (size_t k = 0; k < params.size(); ++k) {
    std::string bytes, err;
    Npy npy;
    if (!ReadFile(files[k + 1], &bytes) || !ParseNpy(bytes, &npy, &err)) {
      std::cerr << "bad input " << files[k + 1] << ": " << err << "\n";
      return 1;
    }
    if (npy.data.size() != params[k].byte_size()) {
      std::cerr << "input " << k << " has " << npy.data.size() << " bytes, parameter needs " << params[k].byte_size() << "\n";
      return 1;
    }
    auto b = jaxlib::cpu::CpuBuffer::Allocate(0, params[k]);
    if (npy.data.size()) std::memcpy(b->data(), npy.data.data(), npy.data.size());
    args.push_back(b.get());
    bufs.push_back(std::move(b));
  }
  std::vector<std::vector<jaxlib::plugin::DeviceBuffer*>> all_args = {args};
  std::vector<int> ordinals = {0};
  std::vector<std::vector<jaxlib::plugin::DeviceBufferPtr>> outputs;
  jaxlib::plugin::ExecuteOptions eopts;
  double best = 1e30;
  for (int r = 0; r < repeat; ++r) {
    auto s0 = std::chrono::steady_clock::now();
    jaxlib::Status st = (*exe)->Execute(all_args, ordinals, eopts, &outputs);
    auto s1 = std::chrono::steady_clock::now();
    if (!st.ok()) {
      std::cerr << st.ToString() << "\n";
      return 3;
    }
    best = std::min(best, std::chrono::duration<double>(s1 - s0).count());
  }
  std::fprintf(stderr, "compile %.3f ms, execute %.3f ms\n", std::chrono::duration<double>(t1 - t0).count() * 1e3, best * 1e3);
  for (size_t k = 0; k < outputs[0].size(); ++k) {
    auto* b = outputs[0][k].get();
    const auto& shape = b->shape();
    if (!out_dir.empty()) {
      std::string path = out_dir + "/out" + std::to_string(k) + ".npy";
      if (!WriteNpy(path, shape.type, shape.dims, b->host_data(), shape.byte_size())) {
        std::cerr << "cannot write " << path << "\n";
        return 1;
      }
    } else {
      std::printf("result %zu: %s[", k, std::string(jaxlib::ElementTypeShortName(shape.type)).c_str());
      for (size_t d = 0; d < shape.dims.size(); ++d) std::printf("%s%lld", d ? "," : "", static_cast<long long>(shape.dims[d]));
      std::printf("]\n");
      if (shape.type == ElementType::kF32) {
        const float* p = static_cast<const float*>(b->host_data());
        for (int64_t i = 0; i < std::min<int64_t>(shape.element_count(), 16); ++i) std::printf(" %g", p[i]);
        std::printf("\n");
      }
    }
  }
  return 0;
}
