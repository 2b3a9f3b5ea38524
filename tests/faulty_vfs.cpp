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
const sqlite3_io_methods* realMethods = nullptr;

// Our file: the real file's struct follows the header in the same allocation.
struct File {
    sqlite3_file base;
    sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
};

int failure() { return fault == DiskFault::Full ? SQLITE_FULL : SQLITE_READONLY; }

int x_close(sqlite3_file* f) { return realMethods->xClose(reinterpret_cast<File*>(f)->real()); }
int x_read(sqlite3_file* f, void* p, int n, sqlite3_int64 o) {
    return realMethods->xRead(reinterpret_cast<File*>(f)->real(), p, n, o);
}
int x_write(sqlite3_file* f, const void* p, int n, sqlite3_int64 o) {
    if (fault != DiskFault::None) return failure();
    return realMethods->xWrite(reinterpret_cast<File*>(f)->real(), p, n, o);
}
int x_truncate(sqlite3_file* f, sqlite3_int64 size) {
    if (fault != DiskFault::None) return failure();
    return realMethods->xTruncate(reinterpret_cast<File*>(f)->real(), size);
}
int x_sync(sqlite3_file* f, int flags) {
    if (fault != DiskFault::None) return SQLITE_IOERR_FSYNC;
    return realMethods->xSync(reinterpret_cast<File*>(f)->real(), flags);
}
int x_size(sqlite3_file* f, sqlite3_int64* size) {
    return realMethods->xFileSize(reinterpret_cast<File*>(f)->real(), size);
}
int x_lock(sqlite3_file* f, int l) { return realMethods->xLock(reinterpret_cast<File*>(f)->real(), l); }
int x_unlock(sqlite3_file* f, int l) {
    return realMethods->xUnlock(reinterpret_cast<File*>(f)->real(), l);
}
int x_check(sqlite3_file* f, int* out) {
    return realMethods->xCheckReservedLock(reinterpret_cast<File*>(f)->real(), out);
}
int x_control(sqlite3_file* f, int op, void* arg) {
    return realMethods->xFileControl(reinterpret_cast<File*>(f)->real(), op, arg);
}
int x_sector(sqlite3_file* f) { return realMethods->xSectorSize(reinterpret_cast<File*>(f)->real()); }
int x_device(sqlite3_file* f) {
    return realMethods->xDeviceCharacteristics(reinterpret_cast<File*>(f)->real());
}
int x_shm_map(sqlite3_file* f, int i, int size, int extend, void volatile** p) {
    return realMethods->xShmMap(reinterpret_cast<File*>(f)->real(), i, size, extend, p);
}
int x_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
    return realMethods->xShmLock(reinterpret_cast<File*>(f)->real(), offset, n, flags);
}
void x_shm_barrier(sqlite3_file* f) { realMethods->xShmBarrier(reinterpret_cast<File*>(f)->real()); }
int x_shm_unmap(sqlite3_file* f, int del) {
    return realMethods->xShmUnmap(reinterpret_cast<File*>(f)->real(), del);
}

int x_open(sqlite3_vfs* vfs, const char* name, sqlite3_file* f, int flags, int* outFlags) {
    sqlite3_vfs* real = static_cast<sqlite3_vfs*>(vfs->pAppData);
    File* file = reinterpret_cast<File*>(f);
    std::memset(file, 0, sizeof(File));
    int rc = real->xOpen(real, name, file->real(), flags, outFlags);
    if (file->real()->pMethods) {
        realMethods = file->real()->pMethods;
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
        methods.iVersion = 2;
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
        sqlite3_vfs_register(&faulty, 0);
    });
}

void set_disk_fault(DiskFault f) { fault = f; }

}  // namespace arbiter::testing
