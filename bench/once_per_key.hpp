#pragma once
// A value made once per key for the whole process: prepared states and a student's reference
// figures. The first thread to ask for a key makes it, outside any lock, so that different keys are
// made side by side (prepare_states); a thread asking for a key being made waits for it. A failure
// is kept as its message and thrown to every caller of that key, so a row fails fast with the
// same text.
#include <exception>
#include <future>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace mdb::bench {

template <class T>
class OncePerKey {
 public:
  /// The value for `key`, made by `make()` (which may throw) on the first request.
  template <class Make>
  const T& get(const std::string& key, Make&& make) {
    std::promise<Result> mine;
    std::shared_future<Result> result;
    bool making = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = made_.find(key);
      if (it == made_.end()) {
        it = made_.emplace(key, mine.get_future().share()).first;
        making = true;
      }
      result = it->second;
    }
    if (making) {
      try {
        mine.set_value(Result(std::in_place_index<0>, std::forward<Make>(make)()));
      } catch (const std::exception& e) {
        mine.set_value(Result(std::in_place_index<1>, e.what()));
      } catch (...) {
        mine.set_value(Result(std::in_place_index<1>, "making " + key + " failed"));
      }
    }
    const Result& r = result.get();  // the map's copy of the future keeps it alive
    if (const auto* err = std::get_if<1>(&r)) throw std::runtime_error(*err);
    return std::get<0>(r);
  }

 private:
  using Result = std::variant<T, std::string>;
  std::mutex mutex_;
  std::map<std::string, std::shared_future<Result>> made_;  // never erased
};

}  // namespace mdb::bench
