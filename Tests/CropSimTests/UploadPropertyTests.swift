import CropScenario
import CropSim
import CropVocabulary
import PropertyBased
import Testing

/// R12 under any scripted sequence of faults: the profile is fully old or fully new, the previous
/// avatar survives total failure, and backoff follows 0.5 s, 1 s, 2 s exactly.
@Suite struct UploadPropertyTests {
    static let outcomes = [#""ok""#, #""timeout""#, #""dropped""#, "500", "503", "429", "408", "403", "404"]

    static let script = zip(
        Gen.int(in: 0..<outcomes.count).array(of: 0...6),
        Gen.bool.array(of: 0...2),
        Gen.bool,
        Gen.int(in: 1...40)
    )

    func scenario(uploads: [Int], profileOK: [Bool], cropOK: Bool, latencyTicks: Int) throws -> Scenario {
        let latency = Double(latencyTicks) / 60
        let ups = uploads.map { #"{ "result": \#(Self.outcomes[$0]), "latency": \#(latency) }"# }.joined(separator: ",")
        let profiles = profileOK.map { #"{ "result": "\#($0 ? "ok" : "fail")" }"# }.joined(separator: ",")
        let text = #"""
            { "name": "p", "device": { "view": [393, 852], "screenScale": 3 }, "image": { "width": 4032, "height": 3024 },
              "backend": { "user": { "uid": "u-1", "avatarPath": "users/u-1/old.png", "avatarVersion": 7 },
                           "crop": [{ "result": "\#(cropOK ? "ok" : "fail")" }], "uploads": [\#(ups)], "profileUpdates": [\#(profiles)] },
              "steps": [ { "at": 0.2, "confirm": true } ] }
            """#
        return try ScenarioParser.parse(Array(text.utf8), file: "p.json", id: "p")
    }

    @Test func theProfileIsAlwaysFullyOldOrFullyNew() async {
        await propertyCheck(count: 200, input: Self.script) { uploads, profileOK, cropOK, latencyTicks in
            let r = Simulator.run(
                try scenario(uploads: uploads, profileOK: profileOK, cropOK: cropOK, latencyTicks: latencyTicks))
            // The upload monitor checks atomicity, keys, backoff and retryability on every tick.
            #expect(r.violations.isEmpty, "\(r.violations)")
            let profile = try #require(r.backend?.profile)
            let state = try #require(r.final?.readout.upload)
            if state == .done {
                #expect(profile.avatarPath == "users/u-1/avatar_512.png" && profile.avatarVersion == 8)
                #expect(r.backend?.avatarURL?.hasSuffix("users/u-1/avatar_512.png?v=8") == true)
            } else {
                // Total failure (crop, upload or profile update): the previous avatar stays.
                #expect(profile.avatarPath == "users/u-1/old.png" && profile.avatarVersion == 7)
                #expect(r.backend?.avatarURL?.hasSuffix("users/u-1/old.png?v=7") == true)
                #expect(r.effects.contains { $0.effect == .alert(.uploadFailed) || $0.effect == .alert(.cropFailed) })
            }
        }
    }

    @Test func backoffIsExactlyTheSpecifiedDelays() async {
        await propertyCheck(count: 200, input: Self.script) { uploads, _, _, latencyTicks in
            let r = Simulator.run(
                try scenario(uploads: uploads, profileOK: [], cropOK: true, latencyTicks: latencyTicks))
            let starts = r.effects.compactMap { if case .upload = $0.effect { $0.tick } else { nil } }
            let ends = r.effects.compactMap {
                if case .uploadTelemetry(let t) = $0.effect, !t.succeeded { $0.tick } else { nil }
            }
            #expect(starts.count <= 4)
            for (i, start) in starts.enumerated().dropFirst() {
                #expect(start - ends[i - 1] == [30, 60, 120][i - 1], "attempt \(i + 1)")
            }
            // Each attempt lasts its scripted latency: the delays are not eaten by the clock.
            for (start, end) in zip(starts, ends) { #expect(end - start == latencyTicks) }
        }
    }
}
