/**
 * The Proxmox stand-in's state (its VMs and templates, its tasks), kept in one JSON file under
 * DATA_DIR/proxmox and rewritten durably after every change, so a restart of the local stack
 * finds every VM it made. Tasks keep the time they end, so one that was running at a restart
 * finishes afterwards as it would have.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from '../durable-file';

export interface StandInVm {
  vmid: number;
  name: string;
  template: boolean;
  /** The OS of the template it was cloned from (or, for a template, its own). */
  os: string;
  description: string;
  cores: number;
  memory: number;
  /** GiB. */
  diskGb: number;
  ciuser?: string;
  /** As Proxmox keeps it: URL-encoded, the keys one per line. */
  sshkeys?: string;
  ipconfig0?: string;
  status: 'running' | 'stopped';
  /** Set while a task holds the VM (`clone`), as Proxmox locks it. */
  lock?: string;
}

export type TaskEffect = 'clone' | 'start' | 'stop' | 'shutdown' | 'reboot' | 'delete' | 'config';

export interface StandInTask {
  upid: string;
  vmid: number;
  type: string;
  effect: TaskEffect;
  startedAt: number;
  endsAt: number;
  /** Set once its effect was applied. */
  done?: boolean;
  /** Why it failed (absent: "OK"). */
  exitstatus?: string;
  /** It is to end failed with this (a test's failNextClone). */
  fails?: string;
}

interface StateFile {
  vms: Record<string, StandInVm>;
  tasks: Record<string, StandInTask>;
  nextTask: number;
}

export class ProxmoxStandInState {
  private readonly file: string;
  private readonly data: StateFile;

  constructor(dataDir: string, templates: Readonly<Record<string, number>>) {
    const dir = join(dataDir, 'proxmox');
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'state.json');
    this.data = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as StateFile)
      : { vms: {}, tasks: {}, nextTask: 1 };
    for (const [os, vmid] of Object.entries(templates)) {
      this.data.vms[String(vmid)] ??= {
        vmid,
        name: `tpl-${os}`,
        template: true,
        os,
        description: `Cloud image template: ${os}`,
        cores: 1,
        memory: 512,
        diskGb: 3,
        status: 'stopped',
      };
    }
    this.save();
  }

  vm(vmid: number): StandInVm | undefined {
    return this.data.vms[String(vmid)];
  }

  vms(): StandInVm[] {
    return Object.values(this.data.vms).sort((a, b) => a.vmid - b.vmid);
  }

  putVm(vm: StandInVm): void {
    this.data.vms[String(vm.vmid)] = vm;
    this.save();
  }

  deleteVm(vmid: number): void {
    delete this.data.vms[String(vmid)];
    this.save();
  }

  nextTaskNumber(): number {
    const n = this.data.nextTask;
    this.data.nextTask += 1;
    return n;
  }

  task(upid: string): StandInTask | undefined {
    return this.data.tasks[upid];
  }

  tasks(): StandInTask[] {
    return Object.values(this.data.tasks);
  }

  putTask(task: StandInTask): void {
    this.data.tasks[task.upid] = task;
    this.save();
  }

  save(): void {
    writeFileDurably(this.file, JSON.stringify(this.data));
  }
}
