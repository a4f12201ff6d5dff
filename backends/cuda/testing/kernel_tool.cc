// Test driver for the device-code path (kernel_codegen + nvrtc_compiler), built by
// tests/unit/test_nvrtc_kernels.py from the plugin's own sources: plugins export only
// GetPjrtApi, so tests reach these pieces through this tool instead. Never shipped.
//
// Kernel descriptions are text, one directive per line; each input/const/op defines the next
// node (numbered from 0), and the last node is the output:
//   kernel NAME
//   input f32 [scalar]
//   const f16 2.5
//   add f32 0 1             (OP TYPE OPERAND...)
// Commands: source | validate | compile (NVRTC) | archs (NVRTC) | hip-compile | hip-probe.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "backends/cuda/kernel_codegen.h"
#include "backends/cuda/nvrtc_compiler.h"
#include "backends/rocm/hip_runtime.h"
#include "backends/rocm/hiprtc_compiler.h"

namespace {

using jaxlib::ElementType;
using namespace jaxlib::gpu;

int Fail(const std::string& msg) {
  std::cerr << msg << "\n";
  return 2;
}

jaxlib::StatusOr<FusedElementwiseKernel> Parse(const std::string& path) {
  std::ifstream in(path);
  if (!in) return jaxlib::NotFound("cannot read " + path);
  static const std::map<std::string, ElementType> kTypes = {
      {"f16", ElementType::kF16}, {"bf16", ElementType::kBF16}, {"f32", ElementType::kF32},
      {"f64", ElementType::kF64}, {"s32", ElementType::kS32},   {"s64", ElementType::kS64}};
  static const std::map<std::string, ElementwiseOp> kOps = {
      {"add", ElementwiseOp::kAdd}, {"sub", ElementwiseOp::kSub}, {"mul", ElementwiseOp::kMul},
      {"div", ElementwiseOp::kDiv}, {"max", ElementwiseOp::kMax}, {"min", ElementwiseOp::kMin},
      {"exp", ElementwiseOp::kExp}, {"log", ElementwiseOp::kLog}, {"tanh", ElementwiseOp::kTanh},
      {"neg", ElementwiseOp::kNeg}, {"convert", ElementwiseOp::kConvert}};
  FusedElementwiseKernel k;
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string directive, type_name;
    if (!(words >> directive)) continue;
    const std::string where = path + ":" + std::to_string(lineno) + ": ";
    if (directive == "kernel") {
      words >> k.name;
      continue;
    }
    if (!(words >> type_name) || !kTypes.count(type_name)) return jaxlib::InvalidArgument(where + "bad type");
    ElementwiseNode node;
    node.type = kTypes.at(type_name);
    if (directive == "input") {
      std::string flag;
      KernelInput input{node.type, (words >> flag) && flag == "scalar"};
      node.op = ElementwiseOp::kParameter;
      node.parameter = static_cast<int>(k.inputs.size());
      k.inputs.push_back(input);
    } else if (directive == "const") {
      std::string value;
      if (!(words >> value)) return jaxlib::InvalidArgument(where + "missing constant");
      node.op = ElementwiseOp::kConstant;
      node.constant = std::strtod(value.c_str(), nullptr);
    } else if (kOps.count(directive)) {
      node.op = kOps.at(directive);
      for (int o; words >> o;) node.operands.push_back(o);
    } else if (directive == "op") {
      return jaxlib::InvalidArgument(where + "write the op name first: `add f32 0 1`");
    } else {
      return jaxlib::InvalidArgument(where + "unknown directive '" + directive + "'");
    }
    k.nodes.push_back(node);
  }
  return k;
}

std::string Flag(const std::vector<std::string>& args, const std::string& name, const std::string& def) {
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == name) return args[i + 1];
  return def;
}

std::vector<std::string> Flags(const std::vector<std::string>& args, const std::string& name) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == name) out.push_back(args[i + 1]);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return Fail("usage: kernel_tool source|validate|compile|archs ...");
  const std::string cmd = args[0];
  const int major = std::atoi(Flag(args, "--cuda-major", "12").c_str());
  if (cmd == "archs") {
    auto c = NvrtcCompiler::Load(major, Flags(args, "--lib-dir"), KernelDiskCache(""));
    if (!c.ok()) return Fail(c.status().ToString());
    std::cout << "library=" << (*c)->library().path << "\nversion=" << (*c)->version_major() << "."
              << (*c)->version_minor() << "\narchs=";
    for (int a : (*c)->supported_archs()) std::cout << a << " ";
    std::cout << "\n";
    return 0;
  }
  if (cmd == "hip-probe") {
    // The ROCm backend's device probe, without the plugin: hipInit on a GPU-less machine.
    auto hip = jaxlib::rocm::LoadHipRuntime(jaxlib::rocm::RocmLibrarySearchDirs(""));
    if (!hip.ok()) return Fail(hip.status().ToString());
    int count = -1;
    (*hip)->hipGetDeviceCount(&count);
    std::cout << "library=" << (*hip)->library.path << "\ndevices=" << count << "\n";
    return 0;
  }
  if (args.size() < 2) return Fail("missing kernel description file");
  auto desc = Parse(args[1]);
  if (!desc.ok()) return Fail(desc.status().ToString());
  auto gen = GenerateFusedElementwiseKernel(*desc);
  if (cmd == "validate") {
    std::cout << (gen.ok() ? "OK" : gen.status().ToString()) << "\n";
    return gen.ok() ? 0 : 1;
  }
  if (!gen.ok()) return Fail(gen.status().ToString());
  if (cmd == "source") {
    std::cout << gen->source;
    return 0;
  }
  if (cmd == "compile") {
    auto c = NvrtcCompiler::Load(major, Flags(args, "--lib-dir"), KernelDiskCache(Flag(args, "--cache-dir", "")));
    if (!c.ok()) return Fail(c.status().ToString());
    DeviceCompileRequest req;
    req.source = gen->source;
    req.program_name = gen->kernel_name + ".cu";
    req.sm = std::atoi(Flag(args, "--sm", "90").c_str());
    req.format = Flag(args, "--format", "ptx") == "cubin" ? DeviceCodeFormat::kCubin : DeviceCodeFormat::kPtx;
    auto code = (*c)->Compile(req);
    if (!code.ok()) return Fail(code.status().ToString());
    const std::string out_path = Flag(args, "--out", "");
    if (!out_path.empty()) {
      std::ofstream out(out_path, std::ios::binary);
      out.write(code->bytes.data(), static_cast<std::streamsize>(code->bytes.size()));
    }
    std::cout << "library=" << (*c)->library().path << "\nversion=" << (*c)->version_major() << "."
              << (*c)->version_minor() << "\nfrom_cache=" << (code->from_cache ? 1 : 0)
              << "\ncache_key=" << code->cache_key << "\nbytes=" << code->bytes.size() << "\n";
    return 0;
  }
  if (cmd == "hip-compile") {
    auto c = jaxlib::rocm::HiprtcCompiler::Load(Flags(args, "--lib-dir"), KernelDiskCache(Flag(args, "--cache-dir", "")));
    if (!c.ok()) return Fail(c.status().ToString());
    auto code = (*c)->Compile(gen->source, gen->kernel_name + ".hip", Flag(args, "--arch", "gfx90a"));
    if (!code.ok()) return Fail(code.status().ToString());
    const std::string out_path = Flag(args, "--out", "");
    if (!out_path.empty()) {
      std::ofstream out(out_path, std::ios::binary);
      out.write(code->bytes.data(), static_cast<std::streamsize>(code->bytes.size()));
    }
    std::cout << "library=" << (*c)->library().path << "\ncompiler=" << (*c)->Describe()
              << "\nfrom_cache=" << (code->from_cache ? 1 : 0) << "\ncache_key=" << code->cache_key
              << "\nbytes=" << code->bytes.size() << "\n";
    return 0;
  }
  return Fail("unknown command " + cmd);
}
