// Files the user names are read only when they are regular files within their limit: a device
// (/dev/zero), a FIFO or a file over the limit is refused at once, saying why.
#include "common/files/file_reading.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

namespace staccato {
namespace {

TEST(FileReading, ARegularFileWithinItsLimitIsReadWhole) {
  const std::string path = ::testing::TempDir() + "/file-reading.txt";
  std::ofstream(path) << "hello\n";
  auto text = readTextFile(path, 6);
  ASSERT_TRUE(text.ok()) << text.error().toString();
  EXPECT_EQ(*text, "hello\n");
  auto tooBig = readTextFile(path, 5);
  ASSERT_FALSE(tooBig.ok());
  EXPECT_EQ(tooBig.error().toString(), path + ": is 6 bytes, larger than the 5 this file may be");
  ::unlink(path.c_str());
}

TEST(FileReading, DevicesFifosAndFoldersAreRefusedUnread) {
  const std::string fifo = ::testing::TempDir() + "/file-reading.fifo";
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {std::string("/dev/zero"), fifo, ::testing::TempDir()}) {
    auto text = readTextFile(path);
    ASSERT_FALSE(text.ok()) << path;
    EXPECT_NE(text.error().toString().find("not a regular file"), std::string::npos) << text.error().toString();
  }
  ::unlink(fifo.c_str());
  auto missing = readTextFile("/no/such/file");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::kNotFound);
}

}  // namespace
}  // namespace staccato
