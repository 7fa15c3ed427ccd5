/*
 * The pod sandbox's "pause" process for the e2e node: PID 1 of every pod, holding the pod's
 * namespaces. It sleeps until SIGINT or SIGTERM (then exits 0) and reaps orphaned children so
 * they never linger as zombies. Built statically (gcc -static) by build.sh into
 * dynamo-iac-e2e/pause:3.10. Our own minimal version; `-v` prints its version.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAUSE_VERSION "dynamo-iac-e2e pause 3.10"

static void on_stop(int sig) {
  (void)sig;
  _exit(0);
}

static void on_child(int sig) {
  (void)sig;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

static int handle(int sig, void (*fn)(int)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  sa.sa_flags = sig == SIGCHLD ? SA_NOCLDSTOP : 0;
  return sigaction(sig, &sa, NULL);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "-v") == 0) {
    puts(PAUSE_VERSION);
    return 0;
  }
  if (getpid() != 1) {
    fprintf(stderr, "pause: warning: not PID 1, orphans will not be reaped\n");
  }
  if (handle(SIGINT, on_stop) < 0 || handle(SIGTERM, on_stop) < 0 || handle(SIGCHLD, on_child) < 0) {
    fprintf(stderr, "pause: sigaction: %s\n", strerror(errno));
    return 1;
  }
  for (;;) {
    pause();
  }
}
