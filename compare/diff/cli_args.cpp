#include "compare/diff/cli_args.hpp"

namespace mdb::compare {

double parse_nonnegative(const std::string& flag, const std::string& text) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(v >= 0) || v >= 1e6)
    throw UsageError(flag + " expects a non-negative number, got \"" + text + "\"");
  return v;
}

bool ArgCursor::next() {
  if (++i_ >= args_.size()) return false;
  flag_ = args_[i_];
  inline_.clear();
  has_inline_ = false;
  if (flag_.rfind("--", 0) == 0) {
    if (const auto eq = flag_.find('='); eq != std::string::npos) {
      inline_ = flag_.substr(eq + 1);
      flag_.resize(eq);
      has_inline_ = true;
    }
  }
  return true;
}

std::string ArgCursor::value() {
  if (has_inline_) return inline_;
  if (i_ + 1 >= args_.size()) throw UsageError(flag_ + " needs a value");
  return args_[++i_];
}

std::vector<std::string> ArgCursor::following(std::size_t n, const std::string& usage) {
  if (i_ + n >= args_.size()) throw UsageError(usage);
  std::vector<std::string> out(args_.begin() + static_cast<std::ptrdiff_t>(i_ + 1),
                               args_.begin() + static_cast<std::ptrdiff_t>(i_ + 1 + n));
  i_ += n;
  return out;
}

}  // namespace mdb::compare
