import CropScenario
import CropSim
import CropText
import CropVocabulary

/// `trace.json` in the Chrome Trace Event Format, which Perfetto and chrome://tracing open:
/// one complete event ("X") per tick at its simulated time lasting its measured model time,
/// counters ("C") for scale and translation, instant events ("i") for haptics and tips.
public enum ChromeTrace {
    public static func json(_ result: RunResult) -> String {
        let tickMicros = 1_000_000.0 / Double(TickClock.ticksPerSecond)
        var events: [String] = [
            #"{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":"cropsim"}}"#,
            #"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"editor ticks"}}"#
        ]
        for (i, frame) in result.frames.enumerated() {
            let ts = formatNumber(Double(frame.tick) * tickMicros)
            let ns = i < result.modelNanoseconds.count ? result.modelNanoseconds[i] : 0
            events.append(
                #"{"name":"tick","cat":"model","ph":"X","pid":1,"tid":1,"ts":\#(ts),"dur":\#(formatNumber(Double(ns) / 1000)),"args":{"tick":\#(frame.tick),"phase":"\#(frame.phase)"}}"#
            )
            events.append(
                #"{"name":"scale","ph":"C","pid":1,"tid":1,"ts":\#(ts),"args":{"scale":\#(formatNumber(frame.pose.scale)),"sMin":\#(formatNumber(frame.sMin)),"sMax":\#(formatNumber(frame.sMax))}}"#
            )
            events.append(
                #"{"name":"translation","ph":"C","pid":1,"tid":1,"ts":\#(ts),"args":{"tx":\#(formatNumber(frame.pose.translation.x)),"ty":\#(formatNumber(frame.pose.translation.y))}}"#
            )
        }
        for e in result.effects {
            let ts = formatNumber(Double(e.tick) * tickMicros)
            switch e.effect {
            case .haptic(let h):
                events.append(
                    #"{"name":"haptic \#(h.name)","cat":"haptic","ph":"i","s":"t","pid":1,"tid":1,"ts":\#(ts)}"#)
            case .show(let m):
                events.append(
                    #"{"name":"show \#(m.rawValue)","cat":"ui","ph":"i","s":"t","pid":1,"tid":1,"ts":\#(ts)}"#)
            default:
                continue
            }
        }
        for v in result.violations {
            let ts = formatNumber(Double(v.tick) * tickMicros)
            events.append(
                #"{"name":"violation \#(v.property.rawValue)","cat":"violation","ph":"i","s":"g","pid":1,"tid":1,"ts":\#(ts),"args":{"message":\#(jsonString(v.message))}}"#
            )
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }
}
