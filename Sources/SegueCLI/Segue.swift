import ArgumentParser

@main
struct Segue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "GPU transitions between two pictures, rendered with OpenGL.",
        subcommands: [
            RenderCommand.self, EditCommand.self, JoinCommand.self, BenchCommand.self, PlayCommand.self, SamplesCommand.self,
            DemoCommand.self, ValidateCommand.self, FiltersCommand.self,
        ])
}
