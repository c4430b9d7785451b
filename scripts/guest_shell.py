#!/usr/bin/env python3
"""Runs commands in a QEMU guest through systemd's debug shell on a virtio console, for images that carry no
guest agent (the Raspberry Pi image is the one a person writes to a card: no test package goes into it). The
kernel command line the test boots with (`systemd.debug_shell=hvc0`) opens the root shell; a real card's
cmdline.txt never does.

  guest_shell.py SOCKET wait SECONDS            until the shell answers (exit 1 if it never does)
  guest_shell.py SOCKET run [--timeout S] CMD   runs CMD in the guest's shell, prints its output, exits with its code
"""
import random
import socket
import sys
import time


def connect(path, timeout):
    sock = socket.socket(socket.AF_UNIX)
    sock.settimeout(timeout)
    sock.connect(path)
    return sock


def run(path, command, timeout, quiet=False):
    """Output and exit code of `command`, framed by markers the echoed command line cannot contain."""
    token = "%08x" % random.getrandbits(32)
    sock = connect(path, 5)
    # The begin marker is printed by printf from its parts, so the terminal's echo of this line never matches it.
    line = f"printf '@@%s\\n' B{token}; ( {command} ) 2>&1 </dev/null; printf '@@%s %d\\n' E{token} $?\n"
    sock.sendall(line.encode())
    buf, deadline = b"", time.time() + timeout
    begin, end = f"@@B{token}\n".encode(), f"@@E{token} ".encode()
    while end not in buf or not buf[buf.index(end):].count(b"\n"):
        if time.time() > deadline:
            if not quiet:
                sys.stderr.write(f"guest_shell: timed out after {timeout} s: {command}\n")
            return 124
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            sys.stderr.write("guest_shell: the console closed\n")
            return 125
        buf += chunk.replace(b"\r\n", b"\n")
    start = buf.index(begin) + len(begin) if begin in buf else 0
    stop = buf.index(end)
    code = int(buf[stop + len(end):].split(b"\n", 1)[0])
    sys.stdout.buffer.write(buf[start:stop])
    sys.stdout.flush()
    return code


def main():
    path, cmd, *rest = sys.argv[1:]
    if cmd == "wait":
        deadline = time.time() + float(rest[0])
        while time.time() < deadline:
            try:
                if run(path, "true", 5, quiet=True) == 0:
                    return 0
            except OSError:
                pass
            time.sleep(1)
        return 1
    if cmd == "run":
        timeout = 60.0
        if rest[0] == "--timeout":
            timeout, rest = float(rest[1]), rest[2:]
        return run(path, rest[0], timeout)
    sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    sys.exit(main())
