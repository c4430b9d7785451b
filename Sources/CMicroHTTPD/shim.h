#pragma once
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>
// glibc's malloc_trim, which Swift's Glibc module leaves out: the server gives a large upload's memory back.
#include <malloc.h>

// MHD_start_daemon takes its options as variadic pairs, which Swift cannot pass: this wrapper gives the admin
// server's one set of options a fixed signature. `listen_fd` is a socket already listening (systemd's, or one
// the caller bound, so a taken port is reported with its errno); the daemon never binds one itself.
static inline struct MHD_Daemon *lectern_mhd_start(unsigned int flags, int listen_fd,
                                                   MHD_AccessHandlerCallback handler, void *handler_context,
                                                   MHD_RequestCompletedCallback completed, void *completed_context,
                                                   size_t memory_limit, unsigned int connection_limit,
                                                   unsigned int timeout_seconds) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_END);
}

// MHD_get_connection_info is variadic too: the connection's socket, which the admin server asks the kernel about
// (getsockname, getpeername) to tell a phone on the panel's own hotspot from one on the home network. -1: none.
static inline int lectern_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int)info->connect_fd : -1;
}
