"""Starting and stopping `xqtb serve` for the tests: a real server on an ephemeral loopback
port, its URL read from the line it prints."""
import json
import os
import signal
import subprocess
import threading


class Server:
    def __init__(self, xqtb, tables, *extra):
        self.proc = subprocess.Popen(
            [xqtb, "serve", "--dir", tables, "--port", "0", "--threads", "4", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        first = self.proc.stdout.readline()
        if not first.startswith("xqtb serve: http://"):
            self.proc.kill()
            raise RuntimeError("the server did not start: " + first + self.proc.stdout.read())
        self.url = first.split()[2].rstrip("/")
        self.host, port = self.url[len("http://"):].rsplit(":", 1)
        self.port = int(port)
        self.log = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.log.append(line)

    def stop(self):
        """SIGTERM; returns the exit code (the server must stop cleanly, 0)."""
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=20)
        self.reader.join(timeout=5)
        return code


def cli_json(xqtb, *args):
    out = subprocess.run([xqtb, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def generate(xqtb, tables, material, rules="check"):
    name = material + ("" if rules == "check" else "." + rules) + ".xqw"
    if not os.path.exists(os.path.join(tables, name)):
        subprocess.run([xqtb, "gen", material, "--dir", tables, "--rules", rules], check=True,
                       stdout=subprocess.DEVNULL)
