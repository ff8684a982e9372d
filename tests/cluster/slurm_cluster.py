# SPDX-License-Identifier: Apache-2.0
"""A private single-machine Slurm cluster for tests (the single-machine Slurm set-up
of docs/cluster.md, made self-contained): its own slurm.conf, state, logs and ports in a temporary
directory, so it touches neither /etc/slurm nor a Slurm that may already run here. Clients find it
through SLURM_CONF, which sbatch passes on to the jobs (and so to a job that resubmits itself).

munged is shared: it is started (`service munge start`, as the set-up does) only when it is
not running, and stopped at the end only then. slurmctld and slurmd run in the foreground as
children of this process and are stopped by their PIDs.
"""
import os
import pathlib
import shutil
import socket
import subprocess
import time


class SlurmUnavailable(RuntimeError):
    """slurmctld (or what it needs) cannot start here: the tests skip, saying why."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pids_of(name: str) -> list[int]:
    r = subprocess.run(["pgrep", "-x", name], capture_output=True, text=True)
    return [int(p) for p in r.stdout.split()]


def _tail(path: pathlib.Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


class SlurmCluster:
    def __init__(self, directory: pathlib.Path):
        self.dir = pathlib.Path(directory)
        self.conf = self.dir / "slurm.conf"
        self.env = dict(os.environ, SLURM_CONF=str(self.conf))
        self._daemons: list[subprocess.Popen] = []
        self._started_munge = False

    # ---- start / stop ---------------------------------------------------------------------
    def start(self, timeout: float = 60) -> None:
        if os.geteuid() != 0:
            raise SlurmUnavailable("the daemons of a test cluster must run as root")
        for tool in ("slurmctld", "slurmd", "sbatch", "munge"):
            if shutil.which(tool) is None and not pathlib.Path("/usr/sbin", tool).exists():
                raise SlurmUnavailable(f"{tool} is not installed (apt-get install slurm-wlm munge)")
        self._start_munge()
        self._write_config()
        for daemon, log in (("slurmctld", "slurmctld.log"), ("slurmd", "slurmd.log")):
            out = open(self.dir / f"{daemon}.stdout", "w")
            self._daemons.append(subprocess.Popen(
                [shutil.which(daemon) or f"/usr/sbin/{daemon}", "-D", "-f", str(self.conf)],
                stdout=out, stderr=subprocess.STDOUT, env=self.env, start_new_session=True))
            if daemon == "slurmctld":
                self._wait_for(lambda: self._run(["scontrol", "ping"]).returncode == 0,
                               timeout, "slurmctld did not answer", "slurmctld.log")
        self._wait_for(self._node_idle, timeout, "the node did not become idle", "slurmd.log")

    def stop(self) -> None:
        for job in self.jobs():
            self._run(["scancel", job])
        for process in reversed(self._daemons):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=5)
        self._daemons.clear()
        if self._started_munge:
            subprocess.run(["service", "munge", "stop"], capture_output=True, timeout=30)
            self._started_munge = False

    # ---- jobs ------------------------------------------------------------------------------
    def jobs(self) -> list[str]:
        """Ids of the jobs not yet ended (pending, running, completing). squeue can fail while
        slurmctld is busy; an empty answer then would look like "all done", so it is retried."""
        for _ in range(20):
            r = self._run(["squeue", "-h", "-o", "%i"])
            if r.returncode == 0:
                return r.stdout.split()
            time.sleep(0.5)
        raise RuntimeError(f"squeue keeps failing: {r.stderr.strip()}")

    def wait_until_idle(self, timeout: float) -> None:
        """Waits until no job is left: a job that resubmits itself keeps the queue busy."""
        deadline = time.monotonic() + timeout
        while self.jobs():
            if time.monotonic() > deadline:
                raise TimeoutError(f"jobs still queued after {timeout} s:\n"
                                   + self._run(["squeue"]).stdout)
            time.sleep(0.5)

    def state(self, job: str) -> str:
        """The job's state while slurmctld remembers it (MinJobAge), e.g. COMPLETED."""
        r = self._run(["scontrol", "show", "job", job])
        for word in r.stdout.split():
            if word.startswith("JobState="):
                return word.split("=", 1)[1]
        return "UNKNOWN"

    def _run(self, command, **kwargs):
        return subprocess.run(command, capture_output=True, text=True, env=self.env,
                              timeout=kwargs.pop("timeout", 30), **kwargs)

    # ---- set-up ----------------------------------------------------------------------------
    def _start_munge(self) -> None:
        if _pids_of("munged"):
            return
        key = pathlib.Path("/etc/munge/munge.key")
        if not key.exists() or key.stat().st_size == 0:
            r = subprocess.run(["mungekey", "--create"], capture_output=True, text=True)
            if r.returncode != 0:
                raise SlurmUnavailable(f"cannot create the munge key: {r.stderr.strip()}")
        r = subprocess.run(["service", "munge", "start"], capture_output=True, text=True,
                           timeout=30)
        if r.returncode != 0 or not _pids_of("munged"):
            raise SlurmUnavailable(f"munged does not start: {(r.stdout + r.stderr).strip()}")
        self._started_munge = True

    def _write_config(self) -> None:
        for sub in ("state", "spool"):
            (self.dir / sub).mkdir(parents=True, exist_ok=True)
        node = subprocess.run(["slurmd", "-C"], capture_output=True, text=True, timeout=30)
        node_line = node.stdout.splitlines()[0] if node.returncode == 0 and node.stdout else ""
        if not node_line.startswith("NodeName="):
            raise SlurmUnavailable(f"slurmd -C does not describe this node: {node.stderr.strip()}")
        host = socket.gethostname().split(".")[0]
        d = self.dir
        self.conf.write_text(f"""# A private single-node test cluster (tests/cluster/slurm_cluster.py)
ClusterName=warpnettest
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={_free_port()}
SlurmdPort={_free_port()}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=pmix
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
EnforcePartLimits=ALL
ReturnToService=2
# Quick turnover for tests: little wait between TERM and KILL, ended jobs remembered 5 min.
KillWait=10
MinJobAge=300
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/slurmctld.log
SlurmdLogFile={d}/slurmd.log
{node_line} NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
""")

    def _node_idle(self) -> bool:
        r = self._run(["sinfo", "-h", "-o", "%T"])
        return r.returncode == 0 and "idle" in r.stdout.split()

    def _wait_for(self, ready, timeout: float, what: str, log: str) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            dead = [p for p in self._daemons if p.poll() is not None]
            if dead or time.monotonic() > deadline:
                reason = f"{what} (exit {dead[0].returncode})" if dead else f"{what} in {timeout} s"
                self.stop()
                raise SlurmUnavailable(f"{reason}; {log}:\n{_tail(self.dir / log)}")
            time.sleep(0.3)
