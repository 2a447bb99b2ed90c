// The native DunnPotential's single-network modes against the KIM DUNN driver run with the same
// `active_member_id` (0: fully connected; m: ensemble member m). KimModel reads KIM parameters
// but does not set them, so this test drives the KIM API itself: the extended atoms of our
// neighbour list are the KIM configuration (ghosts as non-contributing padding), as in KimModel.
#include <gtest/gtest.h>
#include <KIM_SimulatorHeaders.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/dunn/dunn_potential.hpp"
#include "model/kim/kim_api_lock.hpp"
#include "model/kim/kim_dunn_params.hpp"
#include "model/kim/kim_log.hpp"
#include "model/kim/kim_model.hpp"
#include "tests/model/dunn/dunn_test_support.hpp"
#include "tests/model/kim/kim_test_support.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

const std::string kMembersDunnV1 = "DUNN_WenTadmor_2019v1_C__MO_584345505904_000";

/// The KIM DUNN model with its active_member_id set, computing energy and forces of a carbon
/// System on a full list it builds (skin 0.5 A).
class KimDunnDriver {
 public:
  KimDunnDriver(const std::string& model, int active_member) {
    install_kim_log();
    const std::lock_guard<std::mutex> lock(kim_api_mutex());
    int accepted = 0;
    if (KIM::Model::Create(KIM::NUMBERING::zeroBased, KIM::LENGTH_UNIT::A, KIM::ENERGY_UNIT::eV,
                           KIM::CHARGE_UNIT::e, KIM::TEMPERATURE_UNIT::K, KIM::TIME_UNIT::ps, model,
                           &accepted, &model_) ||
        !accepted) {
      throw std::runtime_error("KimDunnDriver: cannot create " + model + " in metal units");
    }
    int n_params = 0;
    model_->GetNumberOfParameters(&n_params);
    bool set = false;
    for (int k = 0; k < n_params; ++k) {
      KIM::DataType type;
      int extent = 0;
      const std::string *name = nullptr, *description = nullptr;
      model_->GetParameterMetadata(k, &type, &extent, &name, &description);
      if (*name == "active_member_id") set = model_->SetParameter(k, 0, active_member) == 0;
    }
    int supported = 0;
    if (!set || model_->ClearThenRefresh() ||
        model_->GetSpeciesSupportAndCode(KIM::SpeciesName("C"), &supported, &carbon_) ||
        !supported || model_->ComputeArgumentsCreate(&args_)) {
      throw std::runtime_error("KimDunnDriver: cannot set up " + model);
    }
    model_->GetInfluenceDistance(&cutoff_);
  }
  ~KimDunnDriver() {
    const std::lock_guard<std::mutex> lock(kim_api_mutex());
    if (args_ != nullptr) model_->ComputeArgumentsDestroy(&args_);
    KIM::Model::Destroy(&model_);
  }
  KimDunnDriver(const KimDunnDriver&) = delete;
  KimDunnDriver& operator=(const KimDunnDriver&) = delete;

  test::Evaluation evaluate(System s) {
    NeighborList list(cutoff_, NeighborKind::Full, NeighborPolicy{0.5});
    list.build(s);
    view_ = list.view();
    int n = view_.n_local + view_.n_ghost;
    std::vector<int> codes(static_cast<std::size_t>(n), carbon_), contributing(codes.size());
    std::vector<double> coords(3 * codes.size()), forces(coords.size());
    for (int i = 0; i < n; ++i) {
      contributing[static_cast<std::size_t>(i)] = i < view_.n_local;
      coords[3 * i] = view_.x[i];
      coords[3 * i + 1] = view_.y[i];
      coords[3 * i + 2] = view_.z[i];
    }
    double energy = 0.0;
    namespace A = KIM::COMPUTE_ARGUMENT_NAME;
    if (args_->SetArgumentPointer(A::numberOfParticles, &n) ||
        args_->SetArgumentPointer(A::particleSpeciesCodes, codes.data()) ||
        args_->SetArgumentPointer(A::particleContributing, contributing.data()) ||
        args_->SetArgumentPointer(A::coordinates, coords.data()) ||
        args_->SetArgumentPointer(A::partialEnergy, &energy) ||
        args_->SetArgumentPointer(A::partialForces, forces.data()) ||
        args_->SetCallbackPointer(KIM::COMPUTE_CALLBACK_NAME::GetNeighborList,
                                  KIM::LANGUAGE_NAME::cpp,
                                  reinterpret_cast<KIM::Function*>(&neighbors), this) ||
        model_->Compute(args_)) {
      throw std::runtime_error("KimDunnDriver: compute failed");
    }
    test::Evaluation e;
    e.result.energy = energy;
    e.fx.assign(s.size(), 0.0);
    e.fy.assign(s.size(), 0.0);
    e.fz.assign(s.size(), 0.0);
    for (int i = 0; i < n; ++i) {  // padding atoms' forces onto their owners
      const auto o = static_cast<std::size_t>(view_.owner[i]);
      e.fx[o] += forces[3 * i];
      e.fy[o] += forces[3 * i + 1];
      e.fz[o] += forces[3 * i + 2];
    }
    return e;
  }

 private:
  // KIM's GetNeighborListFunction: local atoms' neighbours from our full list (the driver never
  // asks for padding atoms': it declares it will not).
  static int neighbors(void* self, int, const double*, int, int particle, int* count,
                       const int** list) {
    const NeighborView& v = static_cast<KimDunnDriver*>(self)->view_;
    if (particle < 0 || particle >= v.n_local) return 1;
    *count = static_cast<int>(v.offsets[particle + 1] - v.offsets[particle]);
    *list = v.neighbors + v.offsets[particle];
    return 0;
  }

  KIM::Model* model_ = nullptr;
  KIM::ComputeArguments* args_ = nullptr;
  int carbon_ = 0;
  double cutoff_ = 0.0;
  NeighborView view_;
};

// Tolerances as for the ensemble mean (test_kim_dunn.cpp). Fully connected and members 1, 37
// and 100 on every small frame, and on one large one.
TEST(KimDunnMembers, SingleNetworksMatchTheKimDriver) {
  MDB_REQUIRE_KIM_MODEL(kMembersDunnV1);
  const DunnParams params = dunn_params_from_kim(kMembersDunnV1);
  const auto frames = test::carbon_frames();
  for (int member : {kDunnFullyConnected, 1, 37, 100}) {
    KimDunnDriver kim(kMembersDunnV1, member);
    DunnPotential native(params, member);
    for (const test::CarbonFrame& f : frames) {
      if (f.system.size() > 64 && f.name != "diamond_216") continue;
      const auto k = kim.evaluate(f.system);
      const auto n = test::evaluate(native, f.system);
      const double de = std::abs(n.result.energy - k.result.energy) / std::abs(k.result.energy);
      double gap = 0.0, scale = 0.0;
      for (std::size_t i = 0; i < f.system.size(); ++i) {
        gap = std::max({gap, std::abs(n.fx[i] - k.fx[i]), std::abs(n.fy[i] - k.fy[i]),
                        std::abs(n.fz[i] - k.fz[i])});
        scale = std::max({scale, std::abs(k.fx[i]), std::abs(k.fy[i]), std::abs(k.fz[i])});
      }
      ASSERT_GT(scale, 1e-3) << f.name;
      EXPECT_LT(de, 1e-8) << f.name << ", member " << member;
      EXPECT_LT(gap, 1e-7 * scale) << f.name << ", member " << member;
      std::printf("member %3d %-15s |dE|/|E| %.1e  max|dF|/max|F| %.1e\n", member, f.name.c_str(),
                  de, gap / scale);
    }
  }
}

// Different members give different energies (the masks matter), and the test's driver in its
// default mode is KimModel's ensemble mean.
TEST(KimDunnMembers, MembersDifferAndTheDefaultIsTheMean) {
  MDB_REQUIRE_KIM_MODEL(kMembersDunnV1);
  const auto frames = test::carbon_frames();
  const System& s = frames.front().system;
  const double e1 = KimDunnDriver(kMembersDunnV1, 1).evaluate(s).result.energy;
  const double e2 = KimDunnDriver(kMembersDunnV1, 2).evaluate(s).result.energy;
  EXPECT_GT(std::abs(e1 - e2), 1e-4 * std::abs(e1));
  KimModel kim(kMembersDunnV1);
  EXPECT_NEAR(KimDunnDriver(kMembersDunnV1, kDunnEnsembleMean).evaluate(s).result.energy,
              test::evaluate(kim, s).result.energy, 1e-10 * std::abs(e1));
}

}  // namespace
}  // namespace mdb
