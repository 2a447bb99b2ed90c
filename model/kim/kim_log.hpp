#pragma once
// Routes the KIM API's log through our own print function, so no kim.log appears in the cwd.
#include <functional>
#include <string>
#include <string_view>

namespace mdb {

/// Severity of a KIM log entry (KIM's fatal, error, warning; information and debug are never
/// asked for).
enum class KimLogLevel { Fatal, Error, Warning, Other };

/// Receives one KIM log message: its level and text, without KIM's prefix (date, sequence,
/// object id, source line). Called from whichever thread logged, under a process-wide lock; it
/// must not call the KIM API.
using KimLogSink = std::function<void(KimLogLevel, std::string_view message)>;

/// Makes our print function KIM's default and lowers KIM's default verbosity to warnings, once
/// per process (std::call_once). Every KIM object created afterwards (models, collections, and
/// LAMMPS's pair kim in the same process) logs through it instead of appending to ./kim.log.
/// KimModel and list_kim_models() call it; other KIM users in the process should call it before
/// creating any KIM object (KIM picks the print function when an object is created).
void install_kim_log();

/// Replaces the process-wide sink for messages that no KimLogCapture collects and returns the
/// previous one. The default writes errors and fatal errors to stderr as "kim: <message>" and
/// drops warnings (the EAM Dynamo driver warns about a deprecated KIM call at every model
/// creation). An empty function drops everything.
KimLogSink set_kim_log_sink(KimLogSink sink);

/// While alive, collects the error and fatal messages logged on this thread instead of passing
/// them to the sink, so a failed KIM call can quote KIM's reason in its exception. Captures nest:
/// the innermost collects. Allocates nothing unless KIM logs an error.
class KimLogCapture {
 public:
  KimLogCapture();
  ~KimLogCapture();
  KimLogCapture(const KimLogCapture&) = delete;
  KimLogCapture& operator=(const KimLogCapture&) = delete;

  /// The collected messages joined with "; ", or "KIM gave no reason" when there were none.
  std::string reason() const;
  /// Adds a message (the print function calls this).
  void add(std::string_view message);

 private:
  KimLogCapture* outer_;
  std::string text_;
};

/// One line of a KIM log entry ("date * sequence * level * id * file:line * message") split into
/// level and message; a line of another shape is all message, level Other.
struct KimLogLine {
  KimLogLevel level = KimLogLevel::Other;
  std::string_view message;
};
KimLogLine parse_kim_log_line(std::string_view line);

}  // namespace mdb
