import CropVocabulary

/// The telemetry's numbers against the trace's own clock (R10.1, R10.5, R12.5): what each record
/// says the crop and the upload attempt took, and what the backend replied, recomputed from the
/// frames the oracle saw the crop and each attempt start and end in, and from the outcome it
/// delivered (`telemetryMatchesTrace`). `telemetryReported` judges the rest of each record.
struct TelemetryClock: Sendable {
    /// When the crop (asked for by confirm, or by Retry of a failed crop) and the upload attempt
    /// in flight started, in frames: the frame of the event whose effects started it, or the
    /// frame after a tick whose effects did (a retry falls due at a tick's end).
    var cropStartedAt = 0
    var attemptStartedAt = 0
}

extension Oracle {
    /// After an event of the flow (before its phase `before`) or, with `event` nil, a tick: judges
    /// the records the event brought, then notes the crop and upload the effects start.
    mutating func clockTelemetry(_ event: EditorEvent?, before: Flow.Phase, effects: [EditorEffect], tick: Int) {
        switch (event, before) {
        case (.cropFinished?, .cropping):
            judgeCropLatency(effects, tick: tick)
        case (.uploadFinished(let attempt, let outcome)?, .uploading(let current)) where attempt == current:
            judgeAttempt(effects, attempt: attempt, outcome: outcome, tick: tick)
        default:
            break
        }
        let start = event == nil ? tick + 1 : tick
        for effect in effects {
            switch effect {
            case .crop: telemetryClock.cropStartedAt = start
            case .upload: telemetryClock.attemptStartedAt = start
            default: break
            }
        }
    }

    /// R10.1 "total crop latency": the ticks from the crop's request to its result, in ms of the
    /// 60 Hz clock (docs/upload.md), within a billionth (editors multiply and divide in other
    /// orders).
    private mutating func judgeCropLatency(_ effects: [EditorEffect], tick: Int) {
        let records = effects.compactMap { if case .telemetry(let t) = $0 { t } else { nil } }
        guard records.count == 1, let t = records.first else { return }  // telemetryReported's
        let ticks = tick - telemetryClock.cropStartedAt
        let want = Double(ticks) * 1000 / Double(TickClock.ticksPerSecond)
        if !(abs(t.cropLatencyMs - want) <= SpecTolerance.zoom * max(1, want)) {
            fail(
                .telemetryMatchesTrace, tick: tick,
                "crop telemetry says cropLatencyMs \(t.cropLatencyMs); the crop was asked for at tick "
                    + "\(telemetryClock.cropStartedAt) and finished at tick \(tick): \(ticks) ticks, \(want) ms")
        }
    }

    /// R10.5, R12.5: an attempt's record names the reply the backend gave (`UploadOutcome.code`),
    /// whether that reply is one the editor retries (policy `retryable`), the delay before the
    /// next attempt (R12.5's 500, 1000, 2000 ms; 0 when none follows), and ticks elapsed that
    /// cover at least this attempt and no more than the time since the crop was asked for.
    private mutating func judgeAttempt(_ effects: [EditorEffect], attempt: Int, outcome: UploadOutcome, tick: Int) {
        let records = effects.compactMap { if case .uploadTelemetry(let t) = $0 { t } else { nil } }
        guard records.count == 1, let t = records.first else { return }  // telemetryReported's
        let retryable = flow.retryable(outcome)
        let retried = retryable && attempt < flow.backoffTicks.count + 1
        let backoff = retried ? flow.backoffTicks[attempt - 1] * 1000 / TickClock.ticksPerSecond : 0
        let least = tick - telemetryClock.attemptStartedAt, most = tick - telemetryClock.cropStartedAt
        var wrong: [String] = []
        if t.outcomeCode != outcome.code {
            wrong.append("outcomeCode \(t.outcomeCode); the reply was \(outcome) (code \(outcome.code))")
        }
        if t.retryable != retryable {
            wrong.append(
                "retryable \(t.retryable); \(outcome) is \(retryable ? "" : "not ")retried (policy retryable: \(flow.retryableRule.rawValue))"
            )
        }
        if t.backoffMs != backoff {
            wrong.append(
                "backoffMs \(t.backoffMs); want \(backoff)\(retried ? " (R12.5's delay before attempt \(attempt + 1))" : " (no attempt follows)")"
            )
        }
        if t.elapsedTicks < least || t.elapsedTicks > most {
            wrong.append(
                "elapsedTicks \(t.elapsedTicks); the attempt ran \(least) ticks and the crop was asked for \(most) ticks before: want \(least)…\(most)"
            )
        }
        if !wrong.isEmpty {
            fail(
                .telemetryMatchesTrace, tick: tick,
                "upload telemetry for attempt \(attempt): \(wrong.joined(separator: "; "))")
        }
    }
}
