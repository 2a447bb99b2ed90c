#pragma once
// A made-up student for the teacher-comparison tests: lj-ar's case with argon's epsilon scaled
// by `scale`, taught by lj-ar (and, given an RDF species, compared by its g(r)). Registered
// once per name.
#include <memory>
#include <string>

#include "bench/custom_case.hpp"
#include "model/lennard_jones.hpp"

namespace mdb::bench::test {

inline const CaseSpec& student_of_lj_ar(const std::string& name, double scale,
                                        const std::string& rdf_species = "") {
  if (const CaseSpec* c = find_case(name)) return *c;
  CaseSpec c = *find_case("lj-ar");
  c.name = name;
  c.teacher = "lj-ar";
  c.rdf_species = rdf_species;
  c.recipe.make = [scale]() -> std::unique_ptr<ForceField> {
    LjParams p = LjParams::argon();
    p.species.front().epsilon *= scale;
    return std::make_unique<LennardJones<>>(p);
  };
  add_case(c);
  return *find_case(name);
}

}  // namespace mdb::bench::test
