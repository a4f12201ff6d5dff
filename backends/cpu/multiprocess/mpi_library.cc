// Loading the MPI library (mpi_library.h): dlopen with RTLD_LOCAL so its symbols stay out of
// the plugin's and the host's way, dlsym of each function, one library per process.
#include "backends/cpu/multiprocess/mpi_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <memory>
#include <mutex>

namespace jaxlib::cpu::mpi {

std::string Library::ErrorMessage(const char* call, int code) const {
  char text[kMaxErrorString + 1] = {0};
  int length = 0;
  std::string detail;
  if (Error_string != nullptr && Error_string(code, text, &length) == kSuccess && length > 0) {
    detail.assign(text, static_cast<size_t>(std::min(length, kMaxErrorString)));
  } else {
    detail = "error code " + std::to_string(code);
  }
  return std::string(call) + " failed: " + detail;
}

namespace {

template <class F>
bool Resolve(void* handle, const char* name, F* out, std::string* missing) {
  void* symbol = dlsym(handle, name);
  if (symbol == nullptr) {
    *missing += (missing->empty() ? "" : ", ") + std::string(name);
    return false;
  }
  *out = reinterpret_cast<F>(symbol);
  return true;
}

std::mutex g_mu;
std::unique_ptr<Library> g_library;  // never destroyed before exit; the handle is never closed

}  // namespace

StatusOr<const Library*> LoadLibrary(const std::string& path) {
  std::lock_guard<std::mutex> lock(g_mu);
  if (g_library != nullptr) {
    if (g_library->path != path) {
      return FailedPrecondition("this process already uses the MPI library " + g_library->path +
                                "; a second one (" + path + ") cannot be loaded beside it");
    }
    return g_library.get();
  }
  if (path.empty()) {
    return FailedPrecondition(
        "multi-process CPU jobs run their collectives on MPI, and no MPI library was given: "
        "pip install 'jaxlib-cpu[mpi]' (PyPI's mpich), or set JAXLIB_CPU_MPI_LIBRARY to an MPI 5.0 "
        "standard-ABI library (libmpi_abi.so)");
  }
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    return FailedPrecondition("cannot load the MPI library " + path + ": " + (why ? why : "dlopen failed"));
  }
  auto lib = std::make_unique<Library>();
  lib->path = path;
  std::string missing;
  Resolve(handle, "MPI_Init_thread", &lib->Init_thread, &missing);
  Resolve(handle, "MPI_Initialized", &lib->Initialized, &missing);
  Resolve(handle, "MPI_Comm_rank", &lib->Comm_rank, &missing);
  Resolve(handle, "MPI_Comm_size", &lib->Comm_size, &missing);
  Resolve(handle, "MPI_Comm_set_errhandler", &lib->Comm_set_errhandler, &missing);
  Resolve(handle, "MPI_Comm_dup", &lib->Comm_dup, &missing);
  Resolve(handle, "MPI_Comm_group", &lib->Comm_group, &missing);
  Resolve(handle, "MPI_Group_incl", &lib->Group_incl, &missing);
  Resolve(handle, "MPI_Group_free", &lib->Group_free, &missing);
  Resolve(handle, "MPI_Comm_create_group", &lib->Comm_create_group, &missing);
  Resolve(handle, "MPI_Error_string", &lib->Error_string, &missing);
  Resolve(handle, "MPI_Test", &lib->Test, &missing);
  Resolve(handle, "MPI_Ibarrier", &lib->Ibarrier, &missing);
  Resolve(handle, "MPI_Iallreduce_c", &lib->Iallreduce_c, &missing);
  Resolve(handle, "MPI_Iallgatherv_c", &lib->Iallgatherv_c, &missing);
  Resolve(handle, "MPI_Get_library_version", &lib->Get_library_version, &missing);
  // The standard ABI's own entry point: present only in libraries that implement it, which is
  // what makes the handle values above right.
  int (*abi_version)(int*, int*) = nullptr;
  Resolve(handle, "MPI_Abi_get_version", &abi_version, &missing);
  if (!missing.empty()) {
    return FailedPrecondition("the MPI library " + path + " lacks " + missing +
                              " (an MPI 5.0 standard-ABI library such as mpich's libmpi_abi.so is needed)");
  }
  int abi_major = 0, abi_minor = 0;
  if (abi_version(&abi_major, &abi_minor) != kSuccess || abi_major != 1) {
    return FailedPrecondition("the MPI library " + path + " implements MPI ABI version " + std::to_string(abi_major) +
                              "." + std::to_string(abi_minor) + "; this plugin speaks version 1");
  }
  g_library = std::move(lib);
  return g_library.get();
}

}  // namespace jaxlib::cpu::mpi
