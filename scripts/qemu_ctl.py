#!/usr/bin/env python3
"""Talks to a running QEMU: its monitor (QMP) and, in a test image, the guest agent (QGA).

  qemu_ctl.py qmp SOCKET screendump FILE.png     what the virtual monitor shows
  qemu_ctl.py qmp SOCKET quit
  qemu_ctl.py qga SOCKET wait SECONDS            until the guest agent answers (exit 1 if it never does)
  qemu_ctl.py qga SOCKET run [--timeout S] CMD   runs `sh -c CMD` in the guest, prints its output, exits with its code
  qemu_ctl.py qga SOCKET spawn CMD               starts `sh -c CMD` in the guest, prints its pid, does not wait
  qemu_ctl.py qga SOCKET put PATH < FILE         writes FILE into the guest at PATH
  qemu_ctl.py shell SOCKET wait SECONDS          until the debug shell answers (exit 1 if it never does)
  qemu_ctl.py shell SOCKET run [--timeout S] CMD runs CMD in the debug shell, prints its output, exits with its code

The debug shell is for images that carry no guest agent (the Raspberry Pi image is the one a person writes to a
card: no test package goes into it): systemd's root shell on a virtio console, opened by the kernel command line
the test boots with (`systemd.debug_shell=hvc0`); a real card's cmdline.txt never opens it.
"""
import base64
import json
import os
import random
import socket
import sys
import time


class Channel:
    # Generous: a client that gives up while the agent answers can leave the agent blocked on its port.
    def __init__(self, path, timeout=120):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buf = b""

    def send(self, cmd, **args):
        msg = {"execute": cmd}
        if args:
            msg["arguments"] = args
        self.sock.sendall(json.dumps(msg).encode() + b"\n")

    def line(self):
        while b"\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line.lstrip(b"\xff") or b"{}")

    def call(self, cmd, **args):
        self.send(cmd, **args)
        while True:
            reply = self.line()
            if "error" in reply:
                sys.exit(f"{cmd}: {reply['error'].get('desc', reply['error'])}")
            if "return" in reply:
                return reply["return"]


def qmp(path, cmd, *args):
    ch = Channel(path)
    ch.line()  # greeting
    ch.call("qmp_capabilities")
    if cmd == "screendump":
        ch.call("screendump", filename=os.path.abspath(args[0]), format="png")
    elif cmd == "quit":
        ch.call("quit")
    else:
        sys.exit(f"unknown QMP command {cmd}")


def agent(path, timeout=120):
    """A guest-agent connection, synchronised so that no stale reply is read as ours."""
    ch = Channel(path, timeout)
    token = int(time.time() * 1000) % 2**31
    ch.send("guest-sync", id=token)
    while True:
        reply = ch.line()
        if reply.get("return") == token:
            return ch


def run(path, command, timeout):
    ch = agent(path)
    pid = ch.call("guest-exec", path="/bin/sh", arg=["-c", command], **{"capture-output": True})["pid"]
    deadline = time.time() + timeout
    while True:
        status = ch.call("guest-exec-status", pid=pid)
        if status.get("exited"):
            break
        if time.time() > deadline:
            sys.exit(f"timed out after {timeout} s: {command}")
        time.sleep(0.2)
    sys.stdout.buffer.write(base64.b64decode(status.get("out-data", "")))
    sys.stderr.buffer.write(base64.b64decode(status.get("err-data", "")))
    sys.stdout.flush()
    return status.get("exitcode", 128 + status.get("signal", 0))


def shell_run(path, command, timeout, quiet=False):
    """Output and exit code of `command`, framed by markers the echoed command line cannot contain."""
    token = "%08x" % random.getrandbits(32)
    sock = socket.socket(socket.AF_UNIX)
    sock.settimeout(5)
    sock.connect(path)
    # The begin marker is printed by printf from its parts, so the terminal's echo of this line never matches it.
    line = f"printf '@@%s\\n' B{token}; ( {command} ) 2>&1 </dev/null; printf '@@%s %d\\n' E{token} $?\n"
    sock.sendall(line.encode())
    buf, deadline = b"", time.time() + timeout
    begin, end = f"@@B{token}\n".encode(), f"@@E{token} ".encode()
    while end not in buf or not buf[buf.index(end):].count(b"\n"):
        if time.time() > deadline:
            if not quiet:
                sys.stderr.write(f"qemu_ctl: timed out after {timeout} s: {command}\n")
            return 124
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            sys.stderr.write("qemu_ctl: the console closed\n")
            return 125
        buf += chunk.replace(b"\r\n", b"\n")
    start = buf.index(begin) + len(begin) if begin in buf else 0
    stop = buf.index(end)
    code = int(buf[stop + len(end):].split(b"\n", 1)[0])
    sys.stdout.buffer.write(buf[start:stop])
    sys.stdout.flush()
    return code


def main():
    kind, path, cmd, *rest = sys.argv[1:]
    if kind == "qmp":
        return qmp(path, cmd, *rest)
    shell = kind == "shell"
    if cmd == "wait":
        deadline = time.time() + float(rest[0])
        while time.time() < deadline:
            try:
                if shell:
                    if shell_run(path, "true", 5, quiet=True) == 0:
                        return 0
                else:
                    agent(path, timeout=5).call("guest-ping")
                    return 0
            except (OSError, ConnectionError, ValueError):
                pass
            time.sleep(1)
        return 1
    if cmd == "run":
        timeout = 60.0
        if rest[0] == "--timeout":
            timeout, rest = float(rest[1]), rest[2:]
        return shell_run(path, rest[0], timeout) if shell else run(path, rest[0], timeout)
    if cmd == "spawn":
        print(agent(path).call("guest-exec", path="/bin/sh", arg=["-c", rest[0]])["pid"])
        return 0
    if cmd == "put":
        ch = agent(path)
        handle = ch.call("guest-file-open", path=rest[0], mode="w")
        data = sys.stdin.buffer.read()
        for i in range(0, len(data), 48 * 1024):
            ch.call("guest-file-write", handle=handle, **{"buf-b64": base64.b64encode(data[i:i + 48 * 1024]).decode()})
        ch.call("guest-file-close", handle=handle)
        return 0
    sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    sys.exit(main())
