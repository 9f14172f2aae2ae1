import CurlShim

/// The curl thread's own state: the multi handle and the transfers running on it.
///
/// Confined to the curl thread (created and used only inside `CurlMultiLoop.run`), so it needs no locks.
final class CurlWorker {
  private let multi: UnsafeMutableRawPointer
  private var transfers: [UInt64: CurlTransfer] = [:]
  private var idsByHandle: [UnsafeMutableRawPointer: UInt64] = [:]

  init(multi: UnsafeMutableRawPointer) {
    self.multi = multi
  }

  /// Starts or aborts a transfer.
  func handle(_ command: CurlMultiLoop.Command) {
    switch command {
    case .start(let id, let job, let continuation):
      let transfer: CurlTransfer
      do {
        transfer = try CurlTransfer(job: job, continuation: continuation)
      } catch {
        continuation.resume(returning: .failure(error))
        return
      }
      let code = curlshim_multi_add_handle(multi, transfer.easy)
      guard code == CURLM_OK else {
        let message = String(cString: curlshim_multi_strerror(code))
        transfer.finish(.failure(.transport(code: Int(code.rawValue), message: message)))
        return
      }
      transfers[id] = transfer
      idsByHandle[transfer.easy] = id
    case .cancel(let id):
      remove(id)?.finish(.failure(.cancelled))
    }
  }

  /// Lets libcurl move every transfer forward, then completes the finished ones.
  func perform() {
    var running: Int32 = 0
    let code = curlshim_multi_perform(multi, &running)
    if code != CURLM_OK && code != CURLM_CALL_MULTI_PERFORM {
      let message = String(cString: curlshim_multi_strerror(code))
      for id in Array(transfers.keys) {
        remove(id)?.finish(.failure(.transport(code: Int(code.rawValue), message: message)))
      }
      return
    }
    var easy: UnsafeMutableRawPointer?
    var result = CURLE_OK
    while curlshim_multi_next_done(multi, &easy, &result) != 0 {
      guard let easy, let id = idsByHandle[easy], let transfer = remove(id) else { continue }
      transfer.complete(with: result)
    }
  }

  /// Sleeps until a socket is ready, libcurl's own timer fires, `curl_multi_wakeup` is called, or the time is up.
  func wait(milliseconds: Int32) {
    var ready: Int32 = 0
    _ = curlshim_multi_poll(multi, milliseconds, &ready)
  }

  /// Ends every transfer with ``HTTPError/cancelled`` and frees the multi handle.
  func close() {
    for id in Array(transfers.keys) {
      remove(id)?.finish(.failure(.cancelled))
    }
    curlshim_multi_cleanup(multi)
  }

  /// Detaches a transfer from the multi handle; the caller finishes it.
  private func remove(_ id: UInt64) -> CurlTransfer? {
    guard let transfer = transfers.removeValue(forKey: id) else { return nil }
    idsByHandle[transfer.easy] = nil
    curlshim_multi_remove_handle(multi, transfer.easy)
    return transfer
  }
}
