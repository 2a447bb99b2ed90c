#pragma once
// Runs a command line and collects what it prints: the tests that drive a built binary as a user
// would (exit code and output).
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace mdb::test {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

/// `program` with `args` through the shell, stderr merged into stdout.
inline CommandResult run_command(const std::string& program, const std::string& args) {
  const std::string cmd = program + " " + args + " 2>&1";
  CommandResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p) != nullptr) r.output += buf;
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

}  // namespace mdb::test
