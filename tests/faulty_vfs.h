// A fault-injecting SQLite VFS for the storage tests: the default VFS, except that while a
// fault is set every write (and sync) fails as a full disk or a read-only file would.
// Registered as "faulty"; select it with ServerConfig::vfs.
#pragma once

namespace arbiter::testing {

enum class DiskFault { None, Full, ReadOnly };

void register_faulty_vfs();
void set_disk_fault(DiskFault fault);

// Sets a fault for the lifetime of the object.
class ScopedDiskFault {
  public:
    explicit ScopedDiskFault(DiskFault fault) { set_disk_fault(fault); }
    ~ScopedDiskFault() { set_disk_fault(DiskFault::None); }
    ScopedDiskFault(const ScopedDiskFault&) = delete;
    ScopedDiskFault& operator=(const ScopedDiskFault&) = delete;
};

}  // namespace arbiter::testing
