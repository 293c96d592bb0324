import Testing

@testable import IAPSystem

/// A state folder on a network or user-space file system is not watched (another
/// machine's change would queue no event here); the file system is the one of the longest
/// mount point the folder is in.
@Suite struct MountTableTests {
  let table = """
    22 27 0:21 / /proc rw,relatime - proc proc rw
    27 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
    40 27 0:45 / /mnt/share rw,relatime shared:20 - nfs4 server:/export rw,vers=4.2
    41 40 8:2 / /mnt/share/local rw,relatime - xfs /dev/sdb1 rw
    42 27 0:46 / /home/me/My\\040Drive rw,nosuid - fuse.rclone remote: rw
    43 27 0:47 / /mnt/shareware rw - tmpfs tmpfs rw
    """

  @Test func theLongestMountPointAFolderIsInGivesItsType() {
    #expect(MountTable.fileSystemType(of: "/home/me/project/.iap", mountInfo: table) == "ext4")
    #expect(MountTable.fileSystemType(of: "/mnt/share/ci/.iap", mountInfo: table) == "nfs4")
    #expect(MountTable.fileSystemType(of: "/mnt/share", mountInfo: table) == "nfs4")
    #expect(MountTable.fileSystemType(of: "/mnt/share/local/.iap", mountInfo: table) == "xfs")
    // A prefix of the name is not a folder above it.
    #expect(MountTable.fileSystemType(of: "/mnt/shareware/.iap", mountInfo: table) == "tmpfs")
    // Escaped spaces in mount points.
    #expect(MountTable.fileSystemType(of: "/home/me/My Drive/.iap", mountInfo: table) == "fuse.rclone")
    #expect(MountTable.fileSystemType(of: "/x", mountInfo: "not a mount table") == nil)
  }

  @Test func networkAndUserSpaceFileSystemsAreShared() {
    for type in ["nfs", "nfs4", "cifs", "fuse.sshfs", "fuse.rclone", "9p", "virtiofs"] { #expect(MountTable.isShared(type), "\(type)") }
    for type in ["ext4", "xfs", "btrfs", "tmpfs", "overlay", "zfs"] { #expect(!MountTable.isShared(type), "\(type)") }
  }
}
