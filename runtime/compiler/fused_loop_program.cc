// Builds FusedLoopProgram from a fused region (fused_loop_program.h): input modes from the
// broadcasts, iotas and constants the fuser cloned in, register allocation with reuse after the
// last read. Analysis only: nothing here knows how any device computes an op.
#include "runtime/compiler/fused_loop_program.h"

#include <algorithm>
#include <string>

namespace jaxlib::compiler {

bool IsPlainFusedLoop(const Op& op) {
  if (op.kind != OpKind::kFusion || op.regions.empty()) return false;
  const Region& r = *op.regions[0];
  return !r.results.empty() && (r.ops.empty() || r.ops.back()->kind != OpKind::kReduce);
}

namespace {

// How a fused loop reads a slice of its source in place: the element at the slice's start, then
// per loop dimension the source stride times the slice's step. A slice that is one run of its
// source (every dimension after the first non-unit one taken whole, step 1) is read like a
// same-shape array from its start.
// The slice `op` read in place as an input of a loop over `loop_dims`: its result's dims, or
// (read through a reshape that drops or adds unit dims) the same non-unit dims in order.
StatusOr<FusedLoopInput> SliceInput(const Module& m, const Op& op, const std::vector<int64_t>& loop_dims) {
  const Type& st = m.type(op.operands[0]);
  const Type& rt = m.type(op.results[0]);
  if (rt.dims != loop_dims) {
    auto non_unit = [](const std::vector<int64_t>& dims) {
      std::vector<int64_t> out;
      for (size_t k = 0; k < dims.size(); ++k)
        if (dims[k] != 1) out.push_back(static_cast<int64_t>(k));
      return out;
    };
    const std::vector<int64_t> from = non_unit(rt.dims), to = non_unit(loop_dims);
    if (from.size() != to.size()) return Internal("slice shape does not match the loop");
    for (size_t k = 0; k < from.size(); ++k)
      if (rt.dims[static_cast<size_t>(from[k])] != loop_dims[static_cast<size_t>(to[k])])
        return Internal("slice shape does not match the loop");
    JAXLIB_ASSIGN_OR_RETURN(FusedLoopInput in, SliceInput(m, op, rt.dims));
    if (in.mode == FusedLoopInput::Mode::kStrided) {
      std::vector<int64_t> strides(loop_dims.size(), 0);
      for (size_t k = 0; k < from.size(); ++k)
        strides[static_cast<size_t>(to[k])] = in.strides[static_cast<size_t>(from[k])];
      in.strides = std::move(strides);
    }
    return in;
  }
  if (st.dims.size() != loop_dims.size()) return Internal("slice shape does not match the loop");
  const std::vector<int64_t> start = op.IntListAttr("start_indices");
  std::vector<int64_t> step = op.IntListAttr("strides");
  const size_t rank = st.dims.size();
  if (step.empty()) step.assign(rank, 1);
  if (start.size() != rank || step.size() != rank) return Internal("slice attributes do not match its rank");
  FusedLoopInput in;
  in.type = rt.element;
  std::vector<int64_t> src_strides(rank, 1);
  for (size_t k = rank; k-- > 1;) src_strides[k - 1] = src_strides[k] * st.dims[k];
  in.strides.assign(rank, 0);
  for (size_t k = 0; k < rank; ++k) {
    in.offset += start[k] * src_strides[k];
    if (rt.dims[k] != 1) in.strides[k] = step[k] * src_strides[k];
  }
  // One run: below the outermost non-unit result dim, every dim is whole with step 1.
  bool run = true, inner = false;
  for (size_t k = 0; k < rank; ++k) {
    if (inner && (rt.dims[k] != st.dims[k] || step[k] != 1)) run = false;
    if (!inner && rt.dims[k] != 1) {
      inner = true;
      if (step[k] != 1) run = false;
    }
  }
  in.mode = run ? FusedLoopInput::Mode::kContiguous : FusedLoopInput::Mode::kStrided;
  if (run) in.strides.clear();
  return in;
}

}  // namespace

StatusOr<std::shared_ptr<const FusedLoopProgram>> BuildFusedLoopProgram(const Module& m, const Region& region,
                                                                        const std::vector<int64_t>& loop_dims,
                                                                        bool args_are_arrays,
                                                                        const std::vector<ValueId>* results_override) {
  const std::vector<ValueId>& results = results_override ? *results_override : region.results;
  auto p = std::make_shared<FusedLoopProgram>();
  p->loop_dims = loop_dims;
  for (int64_t d : loop_dims) p->loop_size *= d;
  p->args_are_arrays = args_are_arrays;
  if (loop_dims.size() > 16) return Unimplemented("elementwise loops of rank > 16 are not supported");

  std::unordered_map<ValueId, int> reg_of;     // value -> register
  std::unordered_map<ValueId, int> source_of;  // arg/outer value -> source index
  const size_t num_args = region.args.size();
  p->num_args = num_args;
  for (size_t k = 0; k < num_args; ++k) source_of[region.args[k]] = static_cast<int>(k);
  std::vector<ValueId>* outer_inputs = &p->outer_inputs;

  // Last read of each value (instruction order), for register reuse.
  std::unordered_map<ValueId, size_t> last_read;
  for (size_t i = 0; i < region.ops.size(); ++i)
    for (ValueId v : region.ops[i]->operands) last_read[v] = i;
  for (ValueId v : results) last_read[v] = region.ops.size();
  std::vector<int> free_regs;

  auto new_reg = [&](ElementType t) {
    size_t es = ElementTypeByteSize(t);
    for (size_t k = 0; k < free_regs.size(); ++k) {
      int r = free_regs[k];
      // Only a register of the same element size: outputs are addressed by their registers'
      // element size (a bf16 result in a freed f32 register was stored at twice its stride).
      if (p->regs[static_cast<size_t>(r)].elem_size == es) {
        free_regs.erase(free_regs.begin() + static_cast<std::ptrdiff_t>(k));
        p->regs[static_cast<size_t>(r)].type = t;
        return r;
      }
    }
    p->regs.push_back(FusedLoopRegister{t, es});
    return static_cast<int>(p->regs.size() - 1);
  };
  auto source_index = [&](ValueId v) {
    auto it = source_of.find(v);
    if (it != source_of.end()) return it->second;
    int idx = static_cast<int>(num_args + outer_inputs->size());
    outer_inputs->push_back(v);
    source_of[v] = idx;
    return idx;
  };
  // Input registers are pinned (never reused): their elements are set up before instructions run.
  auto input_reg = [&](ValueId v) -> StatusOr<int> {
    auto it = reg_of.find(v);
    if (it != reg_of.end()) return it->second;
    const Type& t = m.type(v);
    if (!t.is_tensor()) return InvalidArgument("non-tensor value in elementwise region");
    FusedLoopInput in;
    in.type = t.element;
    in.source = source_index(v);
    bool is_arg = in.source < static_cast<int>(num_args);
    if (args_are_arrays ? is_arg : t.dims == loop_dims) in.mode = FusedLoopInput::Mode::kContiguous;
    else if (t.element_count() == 1) in.mode = FusedLoopInput::Mode::kScalar;
    else return Internal("elementwise operand shape " + t.ToString() + " does not match the loop");
    p->regs.push_back(FusedLoopRegister{t.element, ElementTypeByteSize(t.element)});
    in.reg = static_cast<int>(p->regs.size() - 1);
    p->inputs.push_back(std::move(in));
    reg_of[v] = p->inputs.back().reg;
    return p->inputs.back().reg;
  };
  auto release = [&](ValueId v, size_t at) {
    auto it = last_read.find(v);
    if (it == last_read.end() || it->second != at) return;
    auto r = reg_of.find(v);
    if (r == reg_of.end()) return;
    if (!p->IsInputReg(r->second) && std::find(free_regs.begin(), free_regs.end(), r->second) == free_regs.end())
      free_regs.push_back(r->second);  // an op may read the same value twice: free once
  };

  std::unordered_map<ValueId, const Op*> pending_slices;  // slices read through a reshape
  for (size_t i = 0; i < region.ops.size(); ++i) {
    const Op& op = *region.ops[i];
    if (results_override && op.kind == OpKind::kReduce) continue;
    if (op.results.size() != 1) return Unimplemented("multi-result op in elementwise region");
    ValueId res = op.results[0];
    const Type& rt = m.type(res);
    if (op.kind == OpKind::kSlice && rt.dims != loop_dims) {
      pending_slices[res] = &op;  // read through the reshape that follows
      continue;
    }
    if (op.kind == OpKind::kSlice || (op.kind == OpKind::kReshape && pending_slices.count(op.operands[0]))) {
      const Op& slice = op.kind == OpKind::kSlice ? op : *pending_slices[op.operands[0]];
      if (rt.dims != loop_dims) return Internal("reshaped slice shape does not match the loop");
      JAXLIB_ASSIGN_OR_RETURN(FusedLoopInput in, SliceInput(m, slice, loop_dims));
      const Op& op = slice;
      if (source_of.find(op.operands[0]) == source_of.end() && reg_of.count(op.operands[0]))
        return Internal("slice of a computed value inside a fused loop");
      in.source = source_index(op.operands[0]);
      p->regs.push_back(FusedLoopRegister{rt.element, ElementTypeByteSize(rt.element)});
      in.reg = static_cast<int>(p->regs.size() - 1);
      p->inputs.push_back(std::move(in));
      reg_of[res] = p->inputs.back().reg;
      continue;
    }
    if (op.kind == OpKind::kReverse) {
      // Read in place from the far end of each reversed dim: negative strides.
      const Type& st = m.type(op.operands[0]);
      if (rt.dims != loop_dims || st.dims != loop_dims) return Internal("reverse shape does not match the loop");
      if (source_of.find(op.operands[0]) == source_of.end() && reg_of.count(op.operands[0]))
        return Internal("reverse of a computed value inside a fused loop");
      FusedLoopInput in;
      in.type = rt.element;
      in.mode = FusedLoopInput::Mode::kStrided;
      const size_t rank = st.dims.size();
      in.strides.assign(rank, 1);
      for (size_t k = rank; k-- > 1;) in.strides[k - 1] = in.strides[k] * st.dims[k];
      for (int64_t d : op.IntListAttr("dimensions")) {
        if (d < 0 || d >= static_cast<int64_t>(rank)) return Internal("reverse dimension out of range");
        in.offset += (st.dims[static_cast<size_t>(d)] - 1) * in.strides[static_cast<size_t>(d)];
        in.strides[static_cast<size_t>(d)] = -in.strides[static_cast<size_t>(d)];
      }
      in.source = source_index(op.operands[0]);
      p->regs.push_back(FusedLoopRegister{rt.element, ElementTypeByteSize(rt.element)});
      in.reg = static_cast<int>(p->regs.size() - 1);
      p->inputs.push_back(std::move(in));
      reg_of[res] = p->inputs.back().reg;
      continue;
    }
    if (op.kind == OpKind::kConstant || op.kind == OpKind::kBroadcastInDim || op.kind == OpKind::kIota) {
      FusedLoopInput in;
      in.type = rt.element;
      if (op.kind == OpKind::kConstant) {
        const Attribute* a = op.attr("value");
        in.mode = FusedLoopInput::Mode::kConstant;
        size_t es = ElementTypeByteSize(rt.element);
        in.constant.assign(a->dense->bytes.begin(), a->dense->bytes.begin() + static_cast<std::ptrdiff_t>(es));
      } else if (op.kind == OpKind::kIota) {
        if (rt.dims != loop_dims) return Internal("iota shape does not match the loop");
        in.mode = FusedLoopInput::Mode::kIota;
        in.iota_dim = op.IntAttr("iota_dimension", 0);
      } else {
        ValueId src = op.operands[0];
        const Type& st = m.type(src);
        if (rt.dims != loop_dims) return Internal("broadcast shape does not match the loop");
        if (source_of.find(src) == source_of.end() && reg_of.count(src))
          return Internal("broadcast of a computed value inside a fused loop");
        in.source = source_index(src);
        if (st.element_count() == 1) {
          in.mode = FusedLoopInput::Mode::kScalar;
        } else {
          in.mode = FusedLoopInput::Mode::kStrided;
          std::vector<int64_t> bdims = op.IntListAttr("broadcast_dimensions");
          std::vector<int64_t> src_strides(st.dims.size(), 1);
          for (int k = static_cast<int>(st.dims.size()) - 2; k >= 0; --k)
            src_strides[static_cast<size_t>(k)] = src_strides[static_cast<size_t>(k) + 1] * st.dims[static_cast<size_t>(k) + 1];
          in.strides.assign(loop_dims.size(), 0);
          for (size_t k = 0; k < bdims.size(); ++k)
            if (st.dims[k] != 1) in.strides[static_cast<size_t>(bdims[k])] = src_strides[k];
        }
      }
      p->regs.push_back(FusedLoopRegister{rt.element, ElementTypeByteSize(rt.element)});
      in.reg = static_cast<int>(p->regs.size() - 1);
      p->inputs.push_back(std::move(in));
      reg_of[res] = p->inputs.back().reg;
      continue;
    }
    if (!IsElementwise(op.kind))
      return Internal("non-elementwise op in elementwise region: " + std::string(OpName(op.kind)));
    FusedLoopInstr ins;
    ins.kind = op.kind;
    ins.op = &op;
    ins.num_in = static_cast<int>(op.operands.size());
    if (ins.num_in > 3) return Internal(OpDescription(op) + " has more than three operands");
    for (size_t k = 0; k < op.operands.size(); ++k) {
      ValueId v = op.operands[k];
      auto it = reg_of.find(v);
      if (it != reg_of.end()) {
        ins.in[k] = it->second;
      } else {
        JAXLIB_ASSIGN_OR_RETURN(int r, input_reg(v));
        ins.in[k] = r;
      }
    }
    // Allocate before releasing operands: an instruction must never write over an operand's
    // register (widening conversions would clobber elements not yet read).
    ins.out = new_reg(rt.element);
    for (ValueId v : op.operands) release(v, i);
    reg_of[res] = ins.out;
    p->instrs.push_back(ins);
  }
  for (size_t k = 0; k < results.size(); ++k) {
    ValueId v = results[k];
    auto it = reg_of.find(v);
    int r;
    if (it == reg_of.end()) {
      JAXLIB_ASSIGN_OR_RETURN(r, input_reg(v));
    } else {
      r = it->second;
    }
    p->output_regs.push_back(r);
  }
  p->direct_output_index.assign(p->regs.size(), -1);
  // A computed register written by exactly one instruction after which nothing else reuses it
  // can live directly in the output buffer.
  std::vector<int> writes(p->regs.size(), 0);
  for (const FusedLoopInstr& ins : p->instrs) ++writes[static_cast<size_t>(ins.out)];
  for (size_t k = 0; k < p->output_regs.size(); ++k) {
    int r = p->output_regs[k];
    if (p->IsInputReg(r) || writes[static_cast<size_t>(r)] != 1 || p->direct_output_index[static_cast<size_t>(r)] >= 0)
      continue;
    p->direct_output_index[static_cast<size_t>(r)] = static_cast<int>(k);
  }
  return std::shared_ptr<const FusedLoopProgram>(std::move(p));
}

}  // namespace jaxlib::compiler
