#include "client/models/stream_mime.h"

#include "common/files/stream_file.h"

namespace staccato::client {
namespace {

Result<std::vector<v1::Stream>> parseStreams(const QByteArray& json, const char* what) {
  auto file = parseStreamFile(std::string_view(json.constData(), static_cast<size_t>(json.size())));
  if (!file) return makeError("", std::string(what) + " is not a stream file: " + file.error().toString());
  if (file->streams().empty()) return makeError("", std::string(what) + " is a stream file without streams");
  std::vector<v1::Stream> streams;
  streams.reserve(static_cast<size_t>(file->streams_size()));
  for (v1::Stream& s : *file->mutable_streams()) streams.push_back(std::move(s));
  return streams;
}

}  // namespace

StreamsMimeData* streamsToMime(const std::vector<v1::Stream>& streams) {
  v1::StreamFile file;
  file.mutable_streams()->Reserve(static_cast<int>(streams.size()));
  for (const v1::Stream& s : streams) *file.add_streams() = s;
  const QByteArray json = QByteArray::fromStdString(streamFileToJson(std::move(file)));
  auto* data = new StreamsMimeData;
  data->setData(QString::fromLatin1(kStreamsMimeType), json);
  data->setText(QString::fromUtf8(json));
  return data;
}

Result<std::vector<v1::Stream>> streamsFromMime(const QMimeData* data) {
  if (!data) return makeError("", "nothing to paste");
  if (data->hasFormat(QString::fromLatin1(kStreamsMimeType)))
    return parseStreams(data->data(QString::fromLatin1(kStreamsMimeType)), "the Staccato clipboard data");
  if (data->hasText()) {
    const QByteArray text = data->text().trimmed().toUtf8();
    if (text.isEmpty()) return makeError("", "the clipboard text is empty, not streams");
    return parseStreams(text, "the text");
  }
  QString formats = data->formats().join(QStringLiteral(", "));
  return makeError("", "no streams here: expected " + std::string(kStreamsMimeType) +
                           " or stream file JSON text, got " +
                           (formats.isEmpty() ? std::string("nothing") : formats.toStdString()));
}

bool mayHoldStreams(const QMimeData* data) {
  if (!data) return false;
  if (data->hasFormat(QString::fromLatin1(kStreamsMimeType))) return true;
  return data->hasText() && data->text().trimmed().startsWith(QLatin1Char('{'));
}

}  // namespace staccato::client
