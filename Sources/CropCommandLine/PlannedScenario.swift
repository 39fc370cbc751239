import CropFiles
import CropPhotos
import CropScenario
import CropText

/// A scenario `cropsim run` will run, without its steps: its file is read again when it runs,
/// so a suite of thousands holds a few hundred bytes per scenario instead of every scenario
/// (issue 36). The photo is resolved once, when the suite is checked, and kept here.
struct PlannedScenario: Sendable {
    var id: String
    var file: String
    var name: String
    /// The image as `ScenarioPhotos.resolve` left it (size and orientation from the file).
    var image: ImageSpec
    /// The photo's path, for the report's thumbnails.
    var photo: String?

    /// Every scenario under `paths`, checked as `validate` checks them, with every error.
    static func plan(_ paths: [String]) -> (planned: [PlannedScenario], errors: [ScenarioError]) {
        var planned: [PlannedScenario] = [], photoErrors: [ScenarioError] = []
        let errors = ScenarioLoader.visit(paths) { document in
            let resolved = ScenarioPhotos.resolve([document.scenario])
            photoErrors += resolved.errors
            guard let s = resolved.scenarios.first else { return }
            planned.append(
                PlannedScenario(id: s.id, file: s.file, name: s.name, image: s.image, photo: ScenarioPhotos.path(of: s))
            )
        }
        return (planned, errors + photoErrors)
    }

    /// The scenario, read again. A file changed since it was checked is refused, not run.
    func load() throws(OutputError) -> Scenario {
        var s: Scenario
        do { s = try ScenarioLoader.reload(file: file, id: id).scenario } catch {
            throw OutputError(.failed, "\(shownText(file)): changed during the run: \(shownText("\(error)"))")
        }
        s.image = image
        return s
    }
}
