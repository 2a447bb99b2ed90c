#include "model/kim/kim_log.hpp"

#include <KIM_LanguageName.hpp>
#include <KIM_Log.hpp>
#include <KIM_LogVerbosity.hpp>

#include <cstdio>
#include <mutex>

namespace mdb {
namespace {

void default_sink(KimLogLevel level, std::string_view message) {
  if (level == KimLogLevel::Fatal || level == KimLogLevel::Error) {
    std::fprintf(stderr, "kim: %.*s\n", static_cast<int>(message.size()), message.data());
  }
}

struct SinkState {
  std::mutex mutex;
  KimLogSink sink = default_sink;
};

SinkState& sink_state() {
  static SinkState s;
  return s;
}

thread_local KimLogCapture* t_capture = nullptr;

// KIM's LogPrintFunction. An entry may hold several lines, each with KIM's prefix.
int print_entry(const std::string& entry) {
  std::string_view rest = entry;
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    if (line.empty()) continue;
    const KimLogLine l = parse_kim_log_line(line);
    const bool serious = l.level == KimLogLevel::Fatal || l.level == KimLogLevel::Error;
    if (serious && t_capture != nullptr) {
      t_capture->add(l.message);
      continue;
    }
    SinkState& s = sink_state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    if (s.sink) s.sink(l.level, l.message);
  }
  return 0;  // false: printed
}

}  // namespace

void install_kim_log() {
  static std::once_flag once;
  std::call_once(once, [] {
    KIM::Log::PushDefaultPrintFunction(KIM::LANGUAGE_NAME::cpp,
                                       reinterpret_cast<KIM::Function*>(&print_entry));
    KIM::Log::PushDefaultVerbosity(KIM::LOG_VERBOSITY::warning);
  });
}

KimLogSink set_kim_log_sink(KimLogSink sink) {
  SinkState& s = sink_state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  KimLogSink old = std::move(s.sink);
  s.sink = std::move(sink);
  return old;
}

KimLogCapture::KimLogCapture() : outer_(t_capture) {
  t_capture = this;
}

KimLogCapture::~KimLogCapture() {
  t_capture = outer_;
}

void KimLogCapture::add(std::string_view message) {
  if (!text_.empty()) text_.append("; ");
  text_.append(message);
}

std::string KimLogCapture::reason() const {
  return text_.empty() ? std::string("KIM gave no reason") : text_;
}

KimLogLine parse_kim_log_line(std::string_view line) {
  // The object id is sanitised by KIM (no '*' or spaces), so the first five " * " are separators.
  constexpr std::string_view kSep = " * ";
  std::string_view field[5];
  std::string_view rest = line;
  for (auto& f : field) {
    const auto p = rest.find(kSep);
    if (p == std::string_view::npos) return {KimLogLevel::Other, line};
    f = rest.substr(0, p);
    rest = rest.substr(p + kSep.size());
  }
  const std::string_view level = field[2];
  const KimLogLevel l = level == "fatal"     ? KimLogLevel::Fatal
                        : level == "error"   ? KimLogLevel::Error
                        : level == "warning" ? KimLogLevel::Warning
                                             : KimLogLevel::Other;
  return {l, rest};
}

}  // namespace mdb
