// The MPI library of a multi-process CPU job, opened at run time (PyPI's `mpich`, through the
// MPI 5.0 standard ABI, libmpi_abi.so). Declares only what we call, with the standard ABI's
// fixed handle values, so nothing here needs an MPI installation at build time. Never
// dlclose'd: MPI keeps threads and shared memory for the life of the process.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/support/status.h"

namespace jaxlib::cpu::mpi {

// Standard-ABI handles are pointers to incomplete types whose predefined values are small
// integers fixed by the MPI 5.0 standard (its appendix on the ABI).
struct CommHandle;
struct DatatypeHandle;
struct OpHandle;
struct RequestHandle;
struct ErrhandlerHandle;
struct GroupHandle;
struct InfoHandle;
using Comm = CommHandle*;
using Datatype = DatatypeHandle*;
using Op = OpHandle*;
using Request = RequestHandle*;
using Errhandler = ErrhandlerHandle*;
using Group = GroupHandle*;
using Info = InfoHandle*;
using Count = int64_t;  // MPI_Count (MPI_Offset, 64-bit)
using Aint = intptr_t;  // MPI_Aint

struct Status {  // MPI_Status: three public fields and five implementation slots
  int source;
  int tag;
  int error;
  int internal[5];
};

template <class H>
H Handle(uintptr_t value) {
  return reinterpret_cast<H>(value);
}

inline Comm CommWorld() { return Handle<Comm>(0x101); }
inline Comm CommNull() { return Handle<Comm>(0x100); }
inline Errhandler ErrorsReturn() { return Handle<Errhandler>(0x143); }
inline Request RequestNull() { return Handle<Request>(0x180); }
inline Info InfoNull() { return Handle<Info>(0x130); }
inline void* InPlace() { return reinterpret_cast<void*>(1); }

inline Op OpSum() { return Handle<Op>(0x21); }
inline Op OpMin() { return Handle<Op>(0x22); }
inline Op OpMax() { return Handle<Op>(0x23); }
inline Op OpProd() { return Handle<Op>(0x24); }
inline Op OpBand() { return Handle<Op>(0x28); }
inline Op OpBor() { return Handle<Op>(0x29); }
inline Op OpBxor() { return Handle<Op>(0x2a); }
inline Op OpLand() { return Handle<Op>(0x30); }
inline Op OpLor() { return Handle<Op>(0x31); }
inline Op OpLxor() { return Handle<Op>(0x32); }

inline Datatype TypeByte() { return Handle<Datatype>(0x247); }
inline Datatype TypeFloat() { return Handle<Datatype>(0x210); }
inline Datatype TypeDouble() { return Handle<Datatype>(0x214); }
inline Datatype TypeInt8() { return Handle<Datatype>(0x240); }
inline Datatype TypeUint8() { return Handle<Datatype>(0x241); }
inline Datatype TypeInt16() { return Handle<Datatype>(0x248); }
inline Datatype TypeUint16() { return Handle<Datatype>(0x249); }
inline Datatype TypeInt32() { return Handle<Datatype>(0x250); }
inline Datatype TypeUint32() { return Handle<Datatype>(0x251); }
inline Datatype TypeInt64() { return Handle<Datatype>(0x258); }
inline Datatype TypeUint64() { return Handle<Datatype>(0x259); }
inline Datatype TypeCBool() { return Handle<Datatype>(0x238); }

inline constexpr int kSuccess = 0;
inline constexpr int kThreadSerialized = 2048;  // the standard ABI's values (MPICH's own ABI: 2, 3)
inline constexpr int kThreadMultiple = 4096;
inline constexpr int kMaxErrorString = 512;

// The functions we call, resolved once from the library.
struct Library {
  std::string path;
  int (*Init_thread)(int*, char***, int, int*) = nullptr;
  int (*Initialized)(int*) = nullptr;
  int (*Comm_rank)(Comm, int*) = nullptr;
  int (*Comm_size)(Comm, int*) = nullptr;
  int (*Comm_set_errhandler)(Comm, Errhandler) = nullptr;
  int (*Comm_dup)(Comm, Comm*) = nullptr;
  int (*Comm_group)(Comm, Group*) = nullptr;
  int (*Group_incl)(Group, int, const int*, Group*) = nullptr;
  int (*Group_free)(Group*) = nullptr;
  int (*Comm_create_group)(Comm, Group, int, Comm*) = nullptr;
  int (*Error_string)(int, char*, int*) = nullptr;
  int (*Test)(Request*, int*, Status*) = nullptr;
  int (*Ibarrier)(Comm, Request*) = nullptr;
  int (*Iallreduce_c)(const void*, void*, Count, Datatype, Op, Comm, Request*) = nullptr;
  int (*Iallgatherv_c)(const void*, Count, Datatype, void*, const Count*, const Aint*, Datatype, Comm,
                       Request*) = nullptr;
  int (*Get_library_version)(char*, int*) = nullptr;

  // "MPI_Xxx failed: <the library's message>".
  std::string ErrorMessage(const char* call, int code) const;
};

// Opens `path` (once per process; later calls must name the same library) and resolves every
// function above. FAILED_PRECONDITION naming the path and what is missing.
StatusOr<const Library*> LoadLibrary(const std::string& path);

}  // namespace jaxlib::cpu::mpi
