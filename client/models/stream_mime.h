#pragma once
/// Streams on the clipboard and in drag and drop: a stream file (JSON) under
/// "application/x-staccato-streams", and the same text as text/plain so a paste into a mail or
/// an editor shows the file.
#include <QList>
#include <QMimeData>
#include <QPointer>

#include <vector>

#include "common/core/result.h"
#include "staccato/v1/stream.pb.h"

namespace staccato::client {

inline constexpr char kStreamsMimeType[] = "application/x-staccato-streams";

/// Mime data made by a stream list; remembers where it came from so a drop on the same model
/// can be a move.
class StreamsMimeData : public QMimeData {
  Q_OBJECT
 public:
  QPointer<const QObject> source;  ///< the model the rows were taken from
  QList<int> rows;                 ///< sorted rows in `source`
};

/// Mime data holding `streams` (both formats).
StreamsMimeData* streamsToMime(const std::vector<v1::Stream>& streams);
/// The streams in `data`: the Staccato format, else plain text that parses as a stream file.
/// Errors say what the data holds instead.
Result<std::vector<v1::Stream>> streamsFromMime(const QMimeData* data);
/// True when `data` may hold streams (cheap: no parsing), for drag feedback.
bool mayHoldStreams(const QMimeData* data);

}  // namespace staccato::client
