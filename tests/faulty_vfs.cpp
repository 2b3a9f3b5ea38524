#include "tests/faulty_vfs.h"

#include <sqlite3.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace arbiter::testing {

namespace {

std::atomic<DiskFault> fault{DiskFault::None};
sqlite3_vfs faulty;
sqlite3_io_methods methods;
// Our file: the real file's struct follows the header in the same allocation. Each file keeps
// its own real methods (the unix VFS gives a WAL file other methods than the database).
struct File {
    sqlite3_file base;
    const sqlite3_io_methods* methods;
    sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
};

const sqlite3_io_methods* M(sqlite3_file* f) { return reinterpret_cast<File*>(f)->methods; }
sqlite3_file* R(sqlite3_file* f) { return reinterpret_cast<File*>(f)->real(); }

int failure() { return fault == DiskFault::Full ? SQLITE_FULL : SQLITE_READONLY; }

int x_close(sqlite3_file* f) { return M(f)->xClose(R(f)); }
int x_read(sqlite3_file* f, void* p, int n, sqlite3_int64 o) { return M(f)->xRead(R(f), p, n, o); }
int x_write(sqlite3_file* f, const void* p, int n, sqlite3_int64 o) {
    if (fault != DiskFault::None) return failure();
    return M(f)->xWrite(R(f), p, n, o);
}
int x_truncate(sqlite3_file* f, sqlite3_int64 size) {
    if (fault != DiskFault::None) return failure();
    return M(f)->xTruncate(R(f), size);
}
int x_sync(sqlite3_file* f, int flags) {
    if (fault != DiskFault::None) return SQLITE_IOERR_FSYNC;
    return M(f)->xSync(R(f), flags);
}
int x_size(sqlite3_file* f, sqlite3_int64* size) { return M(f)->xFileSize(R(f), size); }
int x_lock(sqlite3_file* f, int l) { return M(f)->xLock(R(f), l); }
int x_unlock(sqlite3_file* f, int l) { return M(f)->xUnlock(R(f), l); }
int x_check(sqlite3_file* f, int* out) { return M(f)->xCheckReservedLock(R(f), out); }
int x_control(sqlite3_file* f, int op, void* arg) { return M(f)->xFileControl(R(f), op, arg); }
int x_sector(sqlite3_file* f) { return M(f)->xSectorSize(R(f)); }
int x_device(sqlite3_file* f) { return M(f)->xDeviceCharacteristics(R(f)); }
int x_shm_map(sqlite3_file* f, int i, int size, int extend, void volatile** p) {
    return M(f)->xShmMap(R(f), i, size, extend, p);
}
int x_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
    return M(f)->xShmLock(R(f), offset, n, flags);
}
void x_shm_barrier(sqlite3_file* f) { M(f)->xShmBarrier(R(f)); }
int x_shm_unmap(sqlite3_file* f, int del) { return M(f)->xShmUnmap(R(f), del); }

int x_fetch(sqlite3_file* f, sqlite3_int64 o, int n, void** p) {
    return M(f)->xFetch(R(f), o, n, p);
}
int x_unfetch(sqlite3_file* f, sqlite3_int64 o, void* p) { return M(f)->xUnfetch(R(f), o, p); }

int x_open(sqlite3_vfs* vfs, const char* name, sqlite3_file* f, int flags, int* outFlags) {
    sqlite3_vfs* real = static_cast<sqlite3_vfs*>(vfs->pAppData);
    File* file = reinterpret_cast<File*>(f);
    std::memset(file, 0, sizeof(File));
    int rc = real->xOpen(real, name, file->real(), flags, outFlags);
    if (file->real()->pMethods) {
        file->methods = file->real()->pMethods;
        file->base.pMethods = &methods;
    }
    return rc;
}

}  // namespace

void register_faulty_vfs() {
    static std::once_flag once;
    std::call_once(once, [] {
        sqlite3_vfs* real = sqlite3_vfs_find(nullptr);
        faulty = *real;
        faulty.zName = "faulty";
        faulty.szOsFile = int(sizeof(File)) + real->szOsFile;
        faulty.pAppData = real;
        faulty.xOpen = x_open;
        faulty.pNext = nullptr;
        methods = sqlite3_io_methods{};
        methods.iVersion = 3;
        methods.xClose = x_close;
        methods.xRead = x_read;
        methods.xWrite = x_write;
        methods.xTruncate = x_truncate;
        methods.xSync = x_sync;
        methods.xFileSize = x_size;
        methods.xLock = x_lock;
        methods.xUnlock = x_unlock;
        methods.xCheckReservedLock = x_check;
        methods.xFileControl = x_control;
        methods.xSectorSize = x_sector;
        methods.xDeviceCharacteristics = x_device;
        methods.xShmMap = x_shm_map;
        methods.xShmLock = x_shm_lock;
        methods.xShmBarrier = x_shm_barrier;
        methods.xShmUnmap = x_shm_unmap;
        methods.xFetch = x_fetch;
        methods.xUnfetch = x_unfetch;
        sqlite3_vfs_register(&faulty, 0);
    });
}

void set_disk_fault(DiskFault f) { fault = f; }

}  // namespace arbiter::testing
