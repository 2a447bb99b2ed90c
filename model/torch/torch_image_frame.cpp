#include "model/torch/torch_image_frame.hpp"

#include <initializer_list>

namespace mdb {
namespace {

torch::Tensor wrap(const void* data, std::initializer_list<std::int64_t> shape,
                   torch::ScalarType type, torch::Device device) {
  return wrap_engine_memory(const_cast<void*>(data), shape, type, device);
}

// One axis of packed image codes (int32) as whole-cell shifts: image_x/y/z in tensor form.
torch::Tensor image_axis(const torch::Tensor& codes, int axis) {
  return codes.__rshift__(axis * kImageAxisBits).bitwise_and(static_cast<int>(kImageAxisMask)) -
         kImageShellMax;
}

}  // namespace

torch::Tensor wrap_engine_memory(void* data, torch::IntArrayRef shape, torch::ScalarType type,
                                 torch::Device device) {
  return at::for_blob(data, shape)
      .options(torch::TensorOptions().dtype(type).device(device))
      .target_device(device)
      .make_tensor();
}

TorchFrame torch_frame_from_image_list(const ImageNeighborView& v, int replica, double cutoff,
                                       const torch::Tensor& species_to_type,
                                       const torch::Tensor& pair_cutoffs, torch::Device device) {
  const std::int64_t a = v.atoms_per_replica, first = replica * a;
  const torch::Tensor offsets = wrap(v.offsets + first, {a + 1}, torch::kInt64, device);
  const torch::Tensor range = torch::stack({offsets[0], offsets[a]}).cpu();
  const std::int64_t begin = range[0].item<std::int64_t>();
  const std::int64_t listed = range[1].item<std::int64_t>() - begin;

  TorchFrame f;
  const torch::Tensor len = wrap(v.box_len + 3 * replica, {3}, torch::kFloat64, device);
  f.cell = torch::diag(len);
  f.pos = torch::stack({wrap(v.x + first, {a}, torch::kFloat64, device),
                        wrap(v.y + first, {a}, torch::kFloat64, device),
                        wrap(v.z + first, {a}, torch::kFloat64, device)},
                       1);
  const torch::Tensor species = wrap(v.species + first, {a}, torch::kInt32, device);
  f.types = species_to_type.index_select(0, species.to(torch::kInt64));

  // Entry k of the replica's rows: its centre atom, its neighbour and the neighbour's image.
  const torch::Tensor counts = offsets.slice(0, 1) - offsets.slice(0, 0, a);
  // (The output size as an optional: a plain integer picks the overload that repeats each count.)
  const torch::Tensor centre =
      torch::repeat_interleave(counts, c10::optional<std::int64_t>(listed));
  const torch::Tensor neighbour =
      wrap(v.neighbors + begin, {listed}, torch::kInt32, device).to(torch::kInt64) - first;
  // The 15-bit codes read as int16 are the same non-negative numbers.
  static_assert(image_bits(kImageShellMax, kImageShellMax, kImageShellMax) < 0x8000);
  const torch::Tensor codes =
      wrap(v.images + begin, {listed}, torch::kInt16, device).to(torch::kInt32);
  const torch::Tensor shift =
      torch::stack({image_axis(codes, 0), image_axis(codes, 1), image_axis(codes, 2)}, 1)
          .to(torch::kFloat64);

  const torch::Tensor d =
      f.pos.index_select(0, neighbour) + shift * len - f.pos.index_select(0, centre);
  const torch::Tensor r2 = (d * d).sum(1);
  torch::Tensor keep = r2 < cutoff * cutoff;
  if (pair_cutoffs.defined()) {
    const std::int64_t n_types = pair_cutoffs.size(0);
    const torch::Tensor pair =
        f.types.index_select(0, centre) * n_types + f.types.index_select(0, neighbour);
    const torch::Tensor c = pair_cutoffs.flatten().index_select(0, pair);
    keep = keep.logical_and(r2 < c * c);
  }
  const torch::Tensor kept = keep.nonzero().squeeze(1);
  f.edge_index = torch::stack({centre.index_select(0, kept), neighbour.index_select(0, kept)});
  f.edge_shift = shift.index_select(0, kept).contiguous();
  return f;
}

}  // namespace mdb
